import type { WirebenchConfig } from '@app/config';
import {
  TRANSPORT_KINDS,
  VARIANT_NAMES,
  VARIANTS,
  type TargetInfo,
  type TargetKind,
  type TransportKind,
  type VariantName,
} from '@app/bench';

/** Which server answers a target's transport: the name results give it, and the config.targets key of its address. */
export interface LoadServer {
  server: TargetInfo['server'];
  address: keyof WirebenchConfig['targets'];
}

/**
 * What each target serves, per transport: the one table load mode reads. `connect` is the Nest apps' Connect routes
 * (the Connect protocol on the Express app; the gRPC protocol, which needs HTTP/2, on the h2c app), `connect-bare` the
 * bare Connect server's two listeners. A transport a target lacks is not served (fastify: JSON only).
 */
export const LOAD_TARGETS = {
  nest: {
    json: { server: 'json-server', address: 'jsonUrl' },
    grpc: { server: 'grpc-server', address: 'grpcAddress' },
  },
  bare: {
    json: { server: 'json-server', address: 'bareJsonUrl' },
    grpc: { server: 'grpc-server', address: 'bareGrpcAddress' },
  },
  fastify: { json: { server: 'json-server', address: 'fastifyJsonUrl' } },
  connect: {
    connect: { server: 'json-server', address: 'jsonUrl' },
    grpc: { server: 'json-server', address: 'h2JsonUrl' },
  },
  'connect-bare': {
    connect: { server: 'bare-connect-server', address: 'bareConnectUrl' },
    grpc: { server: 'bare-connect-server', address: 'bareConnectH2Url' },
  },
  // The Go reference servers: the native floor a Node server's capacity is read against.
  go: {
    json: { server: 'go-json-server', address: 'goJsonUrl' },
    grpc: { server: 'go-grpc-server', address: 'goGrpcAddress' },
  },
} as const satisfies Record<TargetKind, Partial<Record<TransportKind, LoadServer>>>;

export type { TargetKind };
export const TARGET_KINDS = Object.keys(LOAD_TARGETS) as readonly TargetKind[];

/** The transports a target serves, in the table's order. */
export function servedTransports(kind: TargetKind): TransportKind[] {
  return Object.keys(LOAD_TARGETS[kind]) as TransportKind[];
}

/** Where a load level goes: the server of a target's transport, at its configured address. */
export function loadTarget(
  targets: WirebenchConfig['targets'],
  transport: TransportKind,
  kind: TargetKind,
): TargetInfo {
  const served = (LOAD_TARGETS[kind] as Partial<Record<TransportKind, LoadServer>>)[transport];
  if (!served) throw new Error(`target ${kind} serves ${servedTransports(kind).join(', ')} only, not ${transport}`);
  return { server: served.server, address: targets[served.address] };
}

/**
 * In load mode the client side is the load generator, so only variants that differ in their server apply: each is
 * a transport and a target, from its registry entry's `load`. The bare servers are references, not variants.
 */
export type LoadVariantName = VariantName;
export const LOAD_VARIANTS = Object.fromEntries(
  // Family by family (json, grpc, connect), as --help and the errors list them.
  [...VARIANT_NAMES]
    .sort((a, b) => TRANSPORT_KINDS.indexOf(VARIANTS[a].family) - TRANSPORT_KINDS.indexOf(VARIANTS[b].family))
    .flatMap((name) => {
      const load = VARIANTS[name].load;
      return load ? [[name, load]] : [];
    }),
) as Record<LoadVariantName, { transport: TransportKind; target: TargetKind }>;

/** The variant whose server a level loaded, or null for the bare reference servers. */
export function loadVariantOf(transport: TransportKind, target: TargetKind): LoadVariantName | null {
  const found = (
    Object.entries(LOAD_VARIANTS) as [LoadVariantName, { transport: TransportKind; target: TargetKind }][]
  ).find(([, v]) => v.transport === transport && v.target === target);
  return found ? found[0] : null;
}
