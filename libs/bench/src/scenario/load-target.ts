import type { WirebenchConfig } from '@app/config';
import type { TargetInfo } from '../transports/rows-transport.interface';
import type { TransportKind } from './scenario.interface';
import type { TargetKind } from './validate-load-level';
import type { VariantName } from './variants';

/** Where a load level goes: the Nest, Fastify or bare server of a transport, at its configured address. */
export function loadTarget(targets: WirebenchConfig['targets'], transport: TransportKind, kind: TargetKind): TargetInfo {
  const json = { nest: targets.jsonUrl, fastify: targets.fastifyJsonUrl, bare: targets.bareJsonUrl };
  const grpc = { nest: targets.grpcAddress, bare: targets.bareGrpcAddress };
  if (transport === 'json') return { server: 'json-server', address: json[kind] };
  if (kind === 'fastify') throw new Error('target fastify serves JSON only');
  return { server: 'grpc-server', address: grpc[kind] };
}

/**
 * In load mode the client side is the load generator, so only variants that differ in their server apply: each is
 * a transport and a target. The bare servers are references, not variants.
 */
export const LOAD_VARIANTS = {
  json: { transport: 'json', target: 'nest' },
  'json-fastify': { transport: 'json', target: 'fastify' },
  grpc: { transport: 'grpc', target: 'nest' },
} as const satisfies Partial<Record<VariantName, { transport: TransportKind; target: TargetKind }>>;

export type LoadVariantName = keyof typeof LOAD_VARIANTS;

/** The variant whose server a level loaded, or null for the bare reference servers. */
export function loadVariantOf(transport: TransportKind, target: TargetKind): LoadVariantName | null {
  const found = (Object.entries(LOAD_VARIANTS) as [LoadVariantName, { transport: TransportKind; target: TargetKind }][]).find(
    ([, v]) => v.transport === transport && v.target === target,
  );
  return found ? found[0] : null;
}
