import type { ConnectCall, VariantInfo } from './variant-info';

export type { ConnectCall, ConnectProtocol } from './variant-info';

/** The Nest JSON apps host the Connect routes beside their JSON routes: Express, Fastify and h2c. */
const ON_EXPRESS = { address: 'jsonUrl', server: 'json-server' } as const;
const ON_FASTIFY = { address: 'fastifyJsonUrl', server: 'json-server' } as const;
/** Over h2c a connect client holds one HTTP/2 connection (an Http2SessionManager), leased per measurement. */
const ON_H2C = { address: 'h2JsonUrl', server: 'json-server', oneConnection: true } as const;
const ON_BARE = { address: 'bareConnectUrl', server: 'bare-connect-server' } as const;

/** The Connect protocol, binary protobuf, HTTP/1.1: the family's baseline call, which most entries keep. */
const CONNECT_BINARY_H1: ConnectCall = { protocol: 'connect', binary: true, httpVersion: '1.1' };

/**
 * The connect family (client @connectrpc/connect-node, server connect-es routes in the Nest JSON apps). Each entry is
 * one factor from its baseline. `connect-proto` is the family's own baseline, like `json` and `grpc`: against either
 * of those it changes several factors at once (the protocol's framing, the encoding or the HTTP version, the client
 * library), so no single-factor baseline exists outside the family; its place between them is the cross-family
 * comparison the tables show. `connect-h2` goes through `connect-fastify` (as json-h2 goes through json-fastify)
 * because the h2c app is Fastify: Express to h2c directly would change the server framework and the protocol.
 * `connect-stream` is HTTP/1.1 against Express, so it is one factor (message form) from connect-proto and reads
 * beside json-stream (NDJSON on the same server and HTTP version).
 */
export const CONNECT_VARIANTS = {
  'connect-proto': {
    ...ON_EXPRESS,
    connect: CONNECT_BINARY_H1,
    load: { transport: 'connect', target: 'connect' },
    family: 'connect',
    baseline: null,
    factor: null,
    changes:
      'baseline: the Connect protocol, binary protobuf over HTTP/1.1, connect-es routes in the Nest Express ' +
      'app, client @connectrpc/connect-node',
    generatedCode: 'protobuf-es',
  },
  'connect-json': {
    ...ON_EXPRESS,
    connect: { protocol: 'connect', binary: false, httpVersion: '1.1' },
    family: 'connect',
    baseline: 'connect-proto',
    factor: 'encoding',
    changes:
      "Connect's JSON encoding (protobuf-es's proto3 JSON) instead of binary protobuf (same server, client and " +
      'HTTP/1.1)',
    generatedCode: 'protobuf-es',
  },
  'connect-fastify': {
    ...ON_FASTIFY,
    connect: CONNECT_BINARY_H1,
    family: 'connect',
    baseline: 'connect-proto',
    factor: 'server framework',
    changes: 'the same Connect routes in the Nest Fastify app instead of the Express one (same client, HTTP/1.1)',
    generatedCode: 'protobuf-es',
  },
  'connect-h2': {
    ...ON_H2C,
    connect: { protocol: 'connect', binary: true, httpVersion: '2' },
    family: 'connect',
    baseline: 'connect-fastify',
    factor: 'protocol',
    changes:
      'HTTP/2 without TLS (h2c) instead of HTTP/1.1: the Nest h2c Fastify app, the same client with httpVersion 2',
    generatedCode: 'protobuf-es',
  },
  'connect-grpc': {
    ...ON_H2C,
    connect: { protocol: 'grpc', binary: true, httpVersion: '2' },
    load: { transport: 'grpc', target: 'connect' },
    family: 'connect',
    baseline: 'connect-h2',
    factor: 'protocol',
    changes:
      'the gRPC protocol (createGrpcTransport) instead of the Connect protocol, from the same h2c server and handler',
    generatedCode: 'protobuf-es',
  },
  'grpc-web': {
    ...ON_EXPRESS,
    connect: { protocol: 'grpc-web', binary: true, httpVersion: '1.1' },
    family: 'connect',
    baseline: 'connect-proto',
    factor: 'protocol',
    changes:
      'the gRPC-Web protocol (createGrpcWebTransport) instead of the Connect protocol, over HTTP/1.1 to the ' +
      'same Express server',
    generatedCode: 'protobuf-es',
  },
  'connect-bare': {
    ...ON_BARE,
    connect: CONNECT_BINARY_H1,
    load: { transport: 'connect', target: 'connect-bare' },
    family: 'connect',
    baseline: 'connect-proto',
    factor: 'server framework',
    changes:
      'the same Connect routes and handler on a bare connect-node server (node:http, no Nest) instead of the ' +
      'Nest Express app (same client, HTTP/1.1)',
    generatedCode: 'protobuf-es',
  },
  'connect-stream': {
    ...ON_EXPRESS,
    connect: CONNECT_BINARY_H1,
    family: 'connect',
    baseline: 'connect-proto',
    factor: 'message form',
    changes:
      'server streaming (StreamSamples / StreamRows) in messages of chunk rows instead of one message (same ' +
      'server, client, HTTP/1.1)',
    streaming: true,
    generatedCode: 'protobuf-es',
  },
} as const satisfies Record<string, VariantInfo>;

export type ConnectVariantName = keyof typeof CONNECT_VARIANTS;

/** Each connect variant's call, by name, read from its entry (the one place that says it). */
export const CONNECT_CALLS = Object.fromEntries(
  (Object.keys(CONNECT_VARIANTS) as ConnectVariantName[]).map((name) => [name, CONNECT_VARIANTS[name].connect]),
) as Record<ConnectVariantName, ConnectCall>;

export function isConnectVariant(name: string): name is ConnectVariantName {
  return Object.prototype.hasOwnProperty.call(CONNECT_CALLS, name);
}
