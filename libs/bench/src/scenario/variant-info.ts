import type { JsonCodecName, ProtobufCodecName } from '@app/codecs';
import type { WirebenchConfig } from '@app/config';

// What a variant is, apart from the registry of variants (variants.ts) and the families' own tables that feed it
// (connect-variants.ts): both read these types, so neither imports the other for them.

/** The transport families the engine times; each has variants below that change one factor. */
export type TransportKind = 'json' | 'grpc' | 'connect';
export const TRANSPORT_KINDS: readonly TransportKind[] = ['json', 'grpc', 'connect'];

/**
 * The article's two families: what a run times when it names no transport and no variant (their baselines, `json`
 * and `grpc`), so a command without either means what it always meant. The gRPC/JSON ratios are theirs.
 */
export const ARTICLE_TRANSPORTS: readonly TransportKind[] = ['json', 'grpc'];

/** The factors a variant may change, one at a time. */
export type Factor =
  | 'client library'
  | 'server framework'
  | 'encoding'
  | 'serializer'
  | 'protocol'
  | 'message form'
  | 'compression'
  | 'flow control'
  | 'server runtime';

export const FACTORS = Object.keys({
  'client library': true,
  'server framework': true,
  encoding: true,
  serializer: true,
  protocol: true,
  'message form': true,
  compression: true,
  'flow control': true,
  'server runtime': true,
} satisfies Record<Factor, true>) as Factor[];

/** The servers results and errors name (the bare JSON and gRPC servers answer as their Nest twins do). */
export type ServerName = 'json-server' | 'grpc-server' | 'bare-connect-server' | 'go-json-server' | 'go-grpc-server';

/**
 * How each server's own report (resources, versions) is asked for: the admin HTTP routes (JSON and Connect servers)
 * or the admin RPC (gRPC servers). A server named here only: a new one does not compile until it says which.
 */
export const ADMIN_OVER: Readonly<Record<ServerName, 'http' | 'grpc'>> = {
  'json-server': 'http',
  'bare-connect-server': 'http',
  'go-json-server': 'http',
  'grpc-server': 'grpc',
  'go-grpc-server': 'grpc',
};

/**
 * Where load mode sends a family's requests: nest (Express for JSON), fastify (JSON only), bare (node:http, plain
 * grpc-js), connect (the Nest apps' Connect routes), connect-bare (the bare Connect server), go (the Go reference
 * servers, net/http and grpc-go). LOAD_TARGETS has each.
 */
export type TargetKind = 'nest' | 'bare' | 'fastify' | 'connect' | 'connect-bare' | 'go';
export const TARGET_KIND_NAMES = Object.keys({
  nest: true,
  bare: true,
  fastify: true,
  connect: true,
  'connect-bare': true,
  go: true,
} satisfies Record<TargetKind, true>) as TargetKind[];

/** A key of config.targets: where a variant's server listens (a URL, or host:port for the gRPC servers). */
export type TargetAddress = keyof WirebenchConfig['targets'];
/**
 * The server that answers at each address, as results name it (the bare JSON and gRPC servers answer as their Nest
 * twins do); null for the client's own.
 */
export const SERVER_AT: Readonly<Record<TargetAddress, ServerName | null>> = {
  jsonUrl: 'json-server',
  fastifyJsonUrl: 'json-server',
  h2JsonUrl: 'json-server',
  bareJsonUrl: 'json-server',
  grpcAddress: 'grpc-server',
  bareGrpcAddress: 'grpc-server',
  bareConnectUrl: 'bare-connect-server',
  bareConnectH2Url: 'bare-connect-server',
  goJsonUrl: 'go-json-server',
  goGrpcAddress: 'go-grpc-server',
  clientUrl: null,
};

/** The three protocols a connect-es server speaks from one handler. */
export type ConnectProtocol = 'connect' | 'grpc' | 'grpc-web';

/** How a connect variant's client calls: the protocol, binary protobuf or JSON, and the HTTP version. */
export interface ConnectCall {
  protocol: ConnectProtocol;
  binary: boolean;
  httpVersion: '1.1' | '2';
}

/**
 * A setting of the config that only some variants use, named by its config key: the HTTP/2 window a client offers
 * (grpc-window, json-h2-window) or the rows per slice a server encodes at a time (grpc-sliced).
 */
export type WindowKnob = 'grpcFlowControlWindow' | 'jsonH2FlowControlWindow';
export type SliceKnob = 'grpcSliceRows';

/** A named client+server path of one transport family, and the one factor it changes from its baseline. */
export interface VariantInfo {
  family: TransportKind;
  /** The variant it differs from in exactly one factor; null for the two baselines. */
  baseline: string | null;
  /** Which factor that is; null for the two baselines. */
  factor: Factor | null;
  /** What it changes, for tables and docs/variants.md. */
  changes: string;
  /** Rows arrive in chunks (server streaming, NDJSON) and are never all held: its own row limit, MAX_STREAM_ROWS. */
  streaming?: boolean;
  /**
   * The serializer (@app/codecs) the server encodes the reply with and the client decodes it with, asked for per
   * request; absent: the family's own (proto-loader for gRPC, JSON.stringify for JSON).
   */
  serializer?: ProtobufCodecName | JsonCodecName;
  /**
   * The protobuf serializer whose generated code both ends are built on, fixed rather than asked for per request
   * (the connect family: connect-es needs protobuf-es's descriptors): it limits the shapes as `serializer` does.
   */
  generatedCode?: ProtobufCodecName;
  /** Where its server is: the config.targets key of its address (a +gzip twin has its path's). */
  address: TargetAddress;
  /** The server behind that address, as results and errors name it. */
  server: ServerName;
  /**
   * Its client multiplexes every call over one HTTP/2 connection, which two measurements must not share (the
   * client's lease): the gRPC channels and the connect clients over h2c.
   */
  oneConnection?: boolean;
  /** The HTTP/2 flow-control window its client offers, from this config key; absent: HTTP/2's 64 KiB. */
  window?: WindowKnob;
  /** The rows per slice its server encodes at a time, from this config key; absent: the whole reply at once. */
  sliceRows?: SliceKnob;
  /** A connect variant's call: protocol, encoding and HTTP version. */
  connect?: ConnectCall;
  /**
   * An added variant's model (WIREBENCH_VARIANTS, added-variants.ts): the built-in path whose client it is built with.
   * Absent for the built-in variants, each its own.
   */
  like?: string;
  /**
   * Its server is not Node's: a Go reference server (native/go-servers), the native floor its family is measured
   * against. Left out of the presets that take a family's variants (explain, serializers...): it is not a factor of a
   * Node path, and it needs `npm run setup:go-servers`; the floor preset and --variants time it.
   */
  native?: boolean;
  /** In load mode, where the load generator sends this variant's requests: a family and a target of LOAD_TARGETS. */
  load?: { transport: TransportKind; target: TargetKind };
}
