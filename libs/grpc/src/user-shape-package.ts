import type { Options, PackageDefinition } from '@grpc/proto-loader';
import { configuredUserShape } from '@app/shapes';

/**
 * The user's message's package definition (its proto plus the run-time wirebench.user wrapper and UserService), when
 * this process has one (useUserShape), else nothing: what joins proto/'s contract in loadSamplePackageDefinition, so
 * the servers serve UserService (with health and reflection) and the clients call it, as any shape's service.
 */
export function userShapePackageDefinition(options: Options): PackageDefinition {
  const user = configuredUserShape();
  return user?.packageDefinition ? user.packageDefinition(options) : {};
}
