import { ReflectionService } from '@grpc/reflection';
import { loadSync, PackageDefinition } from '@grpc/proto-loader';
import { HealthImplementation, protoPath as healthProtoPath } from 'grpc-health-check';
import { LOADER_OPTIONS, SAMPLE_PACKAGE, SAMPLE_SERVICE } from './grpc-options.factory';

type AddServiceServer = Parameters<HealthImplementation['addToServer']>[0] & Parameters<ReflectionService['addToServer']>[0];

/**
 * Adds `grpc.health.v1.Health` (reporting SERVING for the server and for sample.SampleService) and server
 * reflection covering both, so grpcurl, ghz and load-balancer health checks work without the .proto file.
 */
export function addHealthAndReflection(pkg: PackageDefinition, server: unknown): HealthImplementation {
  const grpcServer = server as AddServiceServer;
  const health = new HealthImplementation({ '': 'SERVING', [`${SAMPLE_PACKAGE}.${SAMPLE_SERVICE}`]: 'SERVING' });
  health.addToServer(grpcServer);
  const healthPkg = loadSync(healthProtoPath, LOADER_OPTIONS);
  new ReflectionService({ ...pkg, ...healthPkg }).addToServer(grpcServer);
  return health;
}
