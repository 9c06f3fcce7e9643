import type { MethodDefinition, PackageDefinition, ServiceDefinition } from '@grpc/proto-loader';
import { loadSamplePackageDefinition } from '@app/grpc';
import { getShape, ShapeName } from '@app/shapes';

/** A shape's two gRPC methods as proto-loader defines them: its (de)serializers and paths. */
export interface ShapeGrpcMethods {
  unary: MethodDefinition<object, object>;
  stream: MethodDefinition<object, object>;
}

let contract: PackageDefinition | undefined;

/** The contract as every client loads it (the one options factory's loader), once per process. */
export function clientPackageDefinition(): PackageDefinition {
  contract ??= loadSamplePackageDefinition();
  return contract;
}

/**
 * The methods that serve `shape`, named by its registry entry (grpcService, unaryMethod, streamMethod), from a
 * package definition that holds its service: for `row` sample.SampleService, for the others their service in
 * shapes.proto. A contract without it is a build that does not serve the shape, said as such.
 */
export function shapeGrpcMethods(
  shape: ShapeName,
  pkg: PackageDefinition = clientPackageDefinition(),
): ShapeGrpcMethods {
  const { grpcService, unaryMethod, streamMethod } = getShape(shape);
  const service = pkg[grpcService] as ServiceDefinition | undefined;
  const unary = service?.[unaryMethod];
  const stream = service?.[streamMethod];
  if (!unary || !stream)
    throw new Error(
      `the gRPC contract has ` +
        `no ${grpcService} with ${unaryMethod} and ${streamMethod}: shape ${shape} cannot be fetched over gRPC ` +
        `or protobuf`,
    );
  return { unary: unary as ShapeGrpcMethods['unary'], stream: stream as ShapeGrpcMethods['stream'] };
}

/**
 * A fully-qualified service name split into the package and the service, as Nest's ClientGrpc and grpc-js's loaded
 * packages name them.
 */
export function splitServiceName(grpcService: string): { packageName: string; serviceName: string } {
  const dot = grpcService.lastIndexOf('.');
  return { packageName: grpcService.slice(0, dot), serviceName: grpcService.slice(dot + 1) };
}
