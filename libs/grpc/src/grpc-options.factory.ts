import { GrpcOptions, Transport } from '@nestjs/microservices';
import type { Interceptor } from '@grpc/grpc-js';
import { loadSync, Options, PackageDefinition } from '@grpc/proto-loader';
import { resolveProtoPath } from './proto-path';
import { serverTimingInterceptor } from './server-timing.interceptor';
import { withServerPhases } from './with-server-phases';

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
   * 'server': the serializers are timed (withServerPhases) and every reply gets its `server-timing` trailer
   * (serverTimingInterceptor). Default 'client'.
   */
  side?: 'client' | 'server';
  /** Client only: grpc-js client interceptors (Nest hands channelOptions to the grpc-js Client constructor). */
  interceptors?: Interceptor[];
  /**
   * Client only: the HTTP/2 flow-control window (bytes) to offer the server, per stream and connection
   * (`grpc-node.flow_control_window`); absent, HTTP/2's 65,535.
   */
  flowControlWindow?: number;
}

/** The contract loaded with the shared loader options. */
export function loadSamplePackageDefinition(): PackageDefinition {
  return loadSync(resolveProtoPath(), LOADER_OPTIONS);
}

function channelOptions(interceptors: readonly unknown[], window: number | undefined): { channelOptions?: Record<string, unknown> } {
  const options: Record<string, unknown> = {
    ...(interceptors.length > 0 ? { interceptors } : {}),
    ...(window !== undefined ? { 'grpc-node.flow_control_window': window } : {}),
  };
  return Object.keys(options).length > 0 ? { channelOptions: options } : {};
}

/** The one gRPC options factory: the server bootstrap, the client module and the tests all call it. */
export function sampleGrpcOptions(input: SampleGrpcOptionsInput): GrpcOptions {
  const server = input.side === 'server';
  const packageDefinition = input.packageDefinition ?? loadSamplePackageDefinition();
  // Nest passes channelOptions to the grpc-js Server and Client constructors, both of which take `interceptors`.
  const interceptors = server ? [serverTimingInterceptor] : (input.interceptors ?? []);
  return {
    transport: Transport.GRPC,
    options: {
      package: SAMPLE_PACKAGE,
      packageDefinition: server ? withServerPhases(packageDefinition) : packageDefinition,
      url: input.url,
      maxSendMessageLength: input.maxMessageBytes,
      maxReceiveMessageLength: input.maxMessageBytes,
      onLoadPackageDefinition: input.onLoadPackageDefinition,
      ...channelOptions(interceptors, server ? undefined : input.flowControlWindow),
    },
  };
}
