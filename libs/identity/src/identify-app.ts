import type { ServingAppName } from '@app/bootstrap';
import type { AppIdentity } from './app-identity.interface';
import { clientIndexIdentity } from './client-index-identity';
import { grpcReportIdentity } from './grpc-report-identity';
import { httpReportIdentity } from './http-report-identity';

/** Each probe's limit: a stranger that accepts a connection and says nothing costs the run this long, not a hang. */
export const IDENTITY_TIMEOUT_MS = 2000;

/** How each app is recognised at its configured target (a URL for the HTTP apps, host:port for the gRPC ones). */
const IDENTITY_CHECKS = {
  'json-server': httpReportIdentity,
  'json-fastify-server': httpReportIdentity,
  // h2c only: httpReportIdentity asks again over HTTP/2 when the answer is no HTTP/1.1.
  'json-h2-server': httpReportIdentity,
  'bare-json-server': httpReportIdentity,
  // Its HTTP/1.1 listener, the one the launcher waits for; its h2c listener is the same process.
  'bare-connect-server': httpReportIdentity,
  'grpc-server': grpcReportIdentity,
  'bare-grpc-server': grpcReportIdentity,
  // The Go reference servers answer the same admin routes and services (native/go-servers).
  'go-json-server': httpReportIdentity,
  'go-grpc-server': grpcReportIdentity,
  client: clientIndexIdentity,
} satisfies Record<ServingAppName, (target: string, timeoutMs: number) => Promise<AppIdentity>>;

/** Whether what answers at an app's target is that wirebench app, from one or two bounded probes. */
export function identifyApp(
  app: ServingAppName,
  target: string,
  timeoutMs = IDENTITY_TIMEOUT_MS,
): Promise<AppIdentity> {
  return IDENTITY_CHECKS[app](target, timeoutMs);
}
