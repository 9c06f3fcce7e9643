import { status as grpcStatus, type ServiceError } from '@grpc/grpc-js';
import { SAMPLE_PACKAGE, SAMPLE_SERVICE } from '@app/grpc';
import { adminGrpc } from './admin-grpc';
import { NOBODY, stranger, WIREBENCH, type AppIdentity } from './app-identity.interface';
import { quoted, silenceWords } from './answer-words';
import { healthCheck } from './health-check';

// The service the bench calls; both wirebench gRPC servers report it SERVING whatever SERVER_RESOURCES says.
const ROWS_SERVICE = `${SAMPLE_PACKAGE}.${SAMPLE_SERVICE}`;

/**
 * A wirebench gRPC server (Nest's or the bare one) by its own report, wirebench.admin.Admin/Resources; with
 * SERVER_RESOURCES off that service is UNIMPLEMENTED, and the server is known by its health service instead, which
 * it always runs and which reports the rows service SERVING. Anything else (an HTTP/1.1 server, silence, another gRPC
 * server) is a stranger.
 */
export async function grpcReportIdentity(address: string, timeoutMs: number): Promise<AppIdentity> {
  const admin = adminGrpc(address, timeoutMs);
  try {
    const snapshot = (await admin.call('Resources', {})) as { pid?: unknown };
    // proto3 fills what a reply lacks with zeros: a real snapshot names its process.
    if (Number(snapshot.pid) > 0) return WIREBENCH;
    return stranger('Admin.Resources answered without a process id');
  } catch (error) {
    if (isRefused(error)) return NOBODY;
    if ((error as ServiceError).code !== grpcStatus.UNIMPLEMENTED)
      return stranger(`Admin.Resources: ${grpcFailureWords(error, timeoutMs)}`);
  } finally {
    admin.close();
  }
  try {
    const serving = await healthCheck(address, ROWS_SERVICE, timeoutMs);
    if (serving === 'SERVING') return WIREBENCH;
    return stranger(`Admin.Resources is UNIMPLEMENTED and Health.Check(${ROWS_SERVICE}) gave ${serving}`);
  } catch (error) {
    return stranger(
      `Admin.Resources is UNIMPLEMENTED and Health.Check(${ROWS_SERVICE}): ${grpcFailureWords(error, timeoutMs)}`,
    );
  }
}

function grpcFailureWords(error: unknown, timeoutMs: number): string {
  const { code, details } = error as ServiceError;
  if (code === grpcStatus.DEADLINE_EXCEEDED) return silenceWords(timeoutMs);
  const text = quoted(String(details ?? ''));
  return `${grpcStatus[code] ?? code}${text ? ` (${text})` : ''}`;
}

// grpc-js names no error code for a refused connection; its details carry the socket's.
function isRefused(error: unknown): boolean {
  return (
    (error as ServiceError).code === grpcStatus.UNAVAILABLE &&
    String((error as ServiceError).details).includes('ECONNREFUSED')
  );
}
