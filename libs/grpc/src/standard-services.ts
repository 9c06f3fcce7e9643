import { ReflectionService } from '@grpc/reflection';
import { PackageDefinition } from '@grpc/proto-loader';
import { HealthImplementation } from 'grpc-health-check';
import type { ResourceMeter } from '@app/bootstrap';
import { addAdminService, loadAdminPackageDefinition } from './admin-service';
import { SAMPLE_PACKAGE, SAMPLE_SERVICE } from './grpc-options.factory';
import { reflectionPackageDefinition } from './reflection-package-definition';

type AddServiceServer = Parameters<HealthImplementation['addToServer']>[0] & Parameters<ReflectionService['addToServer']>[0];

/**
 * Adds `grpc.health.v1.Health` (reporting SERVING for the server and for sample.SampleService) and server
 * reflection covering both, so grpcurl, ghz and load-balancer health checks work without the .proto file; with a
 * meter (SERVER_RESOURCES allows it) also wirebench.admin.Admin, which reflection then lists too.
 */
export function addHealthAndReflection(pkg: PackageDefinition, server: unknown, meter: ResourceMeter | null = null): HealthImplementation {
  const grpcServer = server as AddServiceServer;
  const health = new HealthImplementation({ '': 'SERVING', [`${SAMPLE_PACKAGE}.${SAMPLE_SERVICE}`]: 'SERVING' });
  health.addToServer(grpcServer);
  let described = pkg;
  if (meter) {
    const admin = loadAdminPackageDefinition();
    addAdminService(grpcServer as never, meter, admin);
    described = { ...pkg, ...admin };
  }
  new ReflectionService(reflectionPackageDefinition(described)).addToServer(grpcServer);
  return health;
}
