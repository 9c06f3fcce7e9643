import { credentials, GrpcObject, loadPackageDefinition, ServiceClientConstructor } from '@grpc/grpc-js';
import { ADMIN_PACKAGE, ADMIN_SERVICE, loadAdminPackageDefinition } from '@app/grpc';

type Call = (
  request: object,
  options: { deadline: number },
  callback: (error: Error | null, reply: unknown) => void,
) => void;

let Admin: ServiceClientConstructor | undefined;

/** A wirebench.admin.Admin client for one window (two calls) or one snapshot, closed with `close`. */
export function adminGrpc(
  address: string,
  timeoutMs: number,
): { call(method: 'Resources' | 'BeginWindow' | 'EndWindow', request: object): Promise<unknown>; close(): void } {
  if (!Admin) {
    let ns: GrpcObject = loadPackageDefinition(loadAdminPackageDefinition());
    for (const part of ADMIN_PACKAGE.split('.')) ns = ns[part] as GrpcObject;
    Admin = ns[ADMIN_SERVICE] as ServiceClientConstructor;
  }
  const client = new Admin(address, credentials.createInsecure());
  return {
    call: (method, request) =>
      new Promise((resolve, reject) =>
        (client[method] as Call).call(client, request, { deadline: Date.now() + timeoutMs }, (error, reply) =>
          error ? reject(error) : resolve(reply),
        ),
      ),
    close: () => client.close(),
  };
}
