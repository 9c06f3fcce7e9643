import type { VariantInfo } from './variant-info';

/** The three protocols a connect-es server speaks from one handler. */
export type ConnectProtocol = 'connect' | 'grpc' | 'grpc-web';

/**
 * How a connect variant's client calls: the protocol, binary protobuf or JSON, the HTTP version, and which Nest JSON
 * app it dials (a key of config.targets: all three host the Connect routes beside their JSON routes).
 */
export interface ConnectCall {
  protocol: ConnectProtocol;
  binary: boolean;
  httpVersion: '1.1' | '2';
  target: 'jsonUrl' | 'fastifyJsonUrl' | 'h2JsonUrl' | 'bareConnectUrl';
  /** The server behind that address, as results and errors name it (its resources are read over HTTP either way). */
  server: 'json-server' | 'bare-connect-server';
}

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
    family: 'connect',
    baseline: null,
    factor: null,
    changes: 'baseline: the Connect protocol, binary protobuf over HTTP/1.1, connect-es routes in the Nest Express app, client @connectrpc/connect-node',
    generatedCode: 'protobuf-es',
  },
  'connect-json': {
    family: 'connect',
    baseline: 'connect-proto',
    factor: 'encoding',
    changes: "Connect's JSON encoding (protobuf-es's proto3 JSON) instead of binary protobuf (same server, client and HTTP/1.1)",
    generatedCode: 'protobuf-es',
  },
  'connect-fastify': {
    family: 'connect',
    baseline: 'connect-proto',
    factor: 'server framework',
    changes: 'the same Connect routes in the Nest Fastify app instead of the Express one (same client, HTTP/1.1)',
    generatedCode: 'protobuf-es',
  },
  'connect-h2': {
    family: 'connect',
    baseline: 'connect-fastify',
    factor: 'protocol',
    changes: 'HTTP/2 without TLS (h2c) instead of HTTP/1.1: the Nest h2c Fastify app, the same client with httpVersion 2',
    generatedCode: 'protobuf-es',
  },
  'connect-grpc': {
    family: 'connect',
    baseline: 'connect-h2',
    factor: 'protocol',
    changes: 'the gRPC protocol (createGrpcTransport) instead of the Connect protocol, from the same h2c server and handler',
    generatedCode: 'protobuf-es',
  },
  'grpc-web': {
    family: 'connect',
    baseline: 'connect-proto',
    factor: 'protocol',
    changes: 'the gRPC-Web protocol (createGrpcWebTransport) instead of the Connect protocol, over HTTP/1.1 to the same Express server',
    generatedCode: 'protobuf-es',
  },
  'connect-bare': {
    family: 'connect',
    baseline: 'connect-proto',
    factor: 'server framework',
    changes: 'the same Connect routes and handler on a bare connect-node server (node:http, no Nest) instead of the Nest Express app (same client, HTTP/1.1)',
    generatedCode: 'protobuf-es',
  },
  'connect-stream': {
    family: 'connect',
    baseline: 'connect-proto',
    factor: 'message form',
    changes: 'server streaming (StreamSamples / StreamRows) in messages of chunk rows instead of one message (same server, client, HTTP/1.1)',
    streaming: true,
    generatedCode: 'protobuf-es',
  },
} as const satisfies Record<string, VariantInfo>;

export type ConnectVariantName = keyof typeof CONNECT_VARIANTS;

/** Each connect variant's call, by name: the one place that says which protocol, format, HTTP version and app. */
export const CONNECT_CALLS: Record<ConnectVariantName, ConnectCall> = {
  'connect-proto': { protocol: 'connect', binary: true, httpVersion: '1.1', target: 'jsonUrl', server: 'json-server' },
  'connect-json': { protocol: 'connect', binary: false, httpVersion: '1.1', target: 'jsonUrl', server: 'json-server' },
  'connect-fastify': { protocol: 'connect', binary: true, httpVersion: '1.1', target: 'fastifyJsonUrl', server: 'json-server' },
  'connect-h2': { protocol: 'connect', binary: true, httpVersion: '2', target: 'h2JsonUrl', server: 'json-server' },
  'connect-grpc': { protocol: 'grpc', binary: true, httpVersion: '2', target: 'h2JsonUrl', server: 'json-server' },
  'grpc-web': { protocol: 'grpc-web', binary: true, httpVersion: '1.1', target: 'jsonUrl', server: 'json-server' },
  'connect-bare': { protocol: 'connect', binary: true, httpVersion: '1.1', target: 'bareConnectUrl', server: 'bare-connect-server' },
  'connect-stream': { protocol: 'connect', binary: true, httpVersion: '1.1', target: 'jsonUrl', server: 'json-server' },
};

export function isConnectVariant(name: string): name is ConnectVariantName {
  return Object.prototype.hasOwnProperty.call(CONNECT_CALLS, name);
}
