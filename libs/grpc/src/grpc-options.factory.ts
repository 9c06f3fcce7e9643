import { GrpcOptions, Transport } from '@nestjs/microservices';
import type { Interceptor } from '@grpc/grpc-js';
import { loadSync, Options, PackageDefinition } from '@grpc/proto-loader';
import type { GrpcServerTimeouts } from '@app/config';
import type { InflightBudget } from '@app/serving';
import { servedShapes, SHAPES_PROTO_FILE } from '@app/shapes';
import { resolveProtoPath } from './proto-path';
import { grpcServerOptions } from './grpc-server-options';
import { serverPackageDefinition } from './server-package-definition';
import { userShapePackageDefinition } from './user-shape-package';

export const SAMPLE_PACKAGE = 'sample';
export const SAMPLE_SERVICE = 'SampleService';

/**
 * One set of loader options for every side. `defaults: true` matters: proto3 does not send zero values, so
 * without it row 0 would arrive without `rowNum` and fail verification.
 */
export const LOADER_OPTIONS: Options = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

export interface SampleGrpcOptionsInput {
  /** host:port to bind (server) or to call (client). */
  url: string;
  /** Max send and receive message size, the same on both sides. */
  maxMessageBytes: number;
  /** A package definition to use instead of loading the proto (e.g. one whose deserializers also measure). */
  packageDefinition?: PackageDefinition;
  /** Server only: adds services such as health and reflection next to SampleService. */
  onLoadPackageDefinition?: (pkg: PackageDefinition, server: unknown) => void;
  /**
   * 'server': the options of grpcServerOptions (both gRPC servers': limits, idle and keepalive timeouts,
   * `server-timing` trailer), and the package definition both serve (serverPackageDefinition: strict request
   * decoding, timed serializers). Default 'client'.
   */
  side?: 'client' | 'server';
  /** Server only, and required there: the connection timeouts from the config. */
  serverTimeouts?: GrpcServerTimeouts;
  /** Server only, and required there: the largest request message it reads (MAX_REQUEST_BYTES). */
  maxRequestBytes?: number;
  /** Server only, and required there: the process's MAX_INFLIGHT_BYTES budget, shared with its replies. */
  budget?: InflightBudget;
  /** Client only: grpc-js client interceptors (Nest hands channelOptions to the grpc-js Client constructor). */
  interceptors?: Interceptor[];
  /**
   * Client only: the HTTP/2 flow-control window (bytes) to offer the server, per stream and connection
   * (`grpc-node.flow_control_window`); absent, HTTP/2's 65,535.
   */
  flowControlWindow?: number;
}

/**
 * The contract loaded with the shared loader options: sample.proto (the article's SampleService) and shapes.proto
 * (one service per shape, google/protobuf/timestamp.proto with it) in one package definition, with the user's
 * message when this process has one (userShapePackageDefinition), so every server serves, and every client can call,
 * every shape's service.
 */
export function loadSamplePackageDefinition(): PackageDefinition {
  // The user's message (when configured) first: where both loads declare a type (google.protobuf.Timestamp), proto/'s
  // stays.
  return {
    ...userShapePackageDefinition(LOADER_OPTIONS),
    ...loadSync([resolveProtoPath(), resolveProtoPath(__dirname, SHAPES_PROTO_FILE)], LOADER_OPTIONS),
  };
}

/** The proto packages of the shapes' services (`sample`, `wirebench.shapes`): what Nest's options list. */
export function servedPackages(): string[] {
  return [...new Set(servedShapes().map((shape) => shape.grpcService.slice(0, shape.grpcService.lastIndexOf('.'))))];
}

/**
 * Every client its own connection. grpc-js otherwise shares one HTTP/2 connection among all channels to the same
 * address with the same options, so the client's concurrent measurements ran on one connection; and when one of them
 * was cancelled (its caller left) with over 1,000 calls in flight, the server's HTTP/2 library took the burst of
 * RST_STREAMs for a rapid-reset attack (nghttp2 allows 1,000, then 33 a second) and closed the connection with
 * GOAWAY INTERNAL_ERROR, failing every other caller's calls on it ("Session closed with error code 2").
 */
export const OWN_CONNECTION_OPTION = { 'grpc.use_local_subchannel_pool': 1 } as const;

function clientChannelOptions(
  interceptors: readonly unknown[],
  window: number | undefined,
): { channelOptions: Record<string, unknown> } {
  return {
    channelOptions: {
      ...OWN_CONNECTION_OPTION,
      ...(interceptors.length > 0 ? { interceptors } : {}),
      ...(window !== undefined ? { 'grpc-node.flow_control_window': window } : {}),
    },
  };
}

// Nest passes channelOptions to the grpc-js Server constructor, as the bare server passes the same function's result.
function serverChannelOptions(input: SampleGrpcOptionsInput): { channelOptions: Record<string, unknown> } {
  if (!input.serverTimeouts)
    throw new Error('sampleGrpcOptions: a server needs serverTimeouts (config.grpcServerTimeouts)');
  if (input.maxRequestBytes === undefined)
    throw new Error('sampleGrpcOptions: a server needs maxRequestBytes (config.serverMemory.maxRequestBytes)');
  if (input.budget === undefined)
    throw new Error(
      'sampleGrpcOptions: a server needs its budget (an InflightBudget of config.serverMemory.maxInflightBytes)',
    );
  return {
    channelOptions: {
      ...grpcServerOptions({
        maxMessageBytes: input.maxMessageBytes,
        maxRequestBytes: input.maxRequestBytes,
        timeouts: input.serverTimeouts,
        budget: input.budget,
      }),
    },
  };
}

/** The one gRPC options factory: the server bootstrap, the client module and the tests all call it. */
export function sampleGrpcOptions(input: SampleGrpcOptionsInput): GrpcOptions {
  const server = input.side === 'server';
  const packageDefinition = input.packageDefinition ?? loadSamplePackageDefinition();
  return {
    transport: Transport.GRPC,
    options: {
      package: servedPackages(),
      packageDefinition: server ? serverPackageDefinition(packageDefinition) : packageDefinition,
      url: input.url,
      maxSendMessageLength: input.maxMessageBytes,
      maxReceiveMessageLength: server ? input.maxRequestBytes : input.maxMessageBytes,
      onLoadPackageDefinition: input.onLoadPackageDefinition,
      ...(server
        ? serverChannelOptions(input)
        : clientChannelOptions(input.interceptors ?? [], input.flowControlWindow)),
    },
  };
}
