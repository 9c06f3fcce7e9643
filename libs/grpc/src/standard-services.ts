import { ReflectionService } from '@grpc/reflection';
import { PackageDefinition } from '@grpc/proto-loader';
import { HealthImplementation } from 'grpc-health-check';
import type { ResourceMeter } from '@app/resources';
import { addAdminService, loadAdminPackageDefinition } from './admin-service';
import { servedShapes } from '@app/shapes';
import { reflectionPackageDefinition } from './reflection-package-definition';

type AddServiceServer = Parameters<HealthImplementation['addToServer']>[0] &
  Parameters<ReflectionService['addToServer']>[0];

/**
 * Adds `grpc.health.v1.Health` (reporting SERVING for the server and for every shape's service: sample.SampleService,
 * wirebench.shapes.NumericService, ...) and server reflection covering them, so grpcurl, ghz and load-balancer health
 * checks work without the .proto file; with a meter (SERVER_RESOURCES allows it) also wirebench.admin.Admin, which
 * reflection then lists too.
 */
export function addHealthAndReflection(
  pkg: PackageDefinition,
  server: unknown,
  meter: ResourceMeter | null = null,
): HealthImplementation {
  const grpcServer = server as AddServiceServer;
  const health = new HealthImplementation({
    '': 'SERVING',
    ...Object.fromEntries(servedShapes().map((shape) => [shape.grpcService, 'SERVING' as const])),
  });
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
