import type { PackageDefinition } from '@grpc/proto-loader';
import { withServerPhases } from './with-server-phases';
import { withStrictRequests } from './with-strict-requests';

/** What both gRPC servers serve: requests decoded strictly (withStrictRequests), replies timed (withServerPhases). */
export function serverPackageDefinition(pkg: PackageDefinition): PackageDefinition {
  return withStrictRequests(withServerPhases(pkg));
}
