import { loadSync, PackageDefinition } from '@grpc/proto-loader';
import type { ResourceMeter } from '@app/resources';
import { LOADER_OPTIONS } from './grpc-options.factory';
import { ADMIN_PROTO_FILE, resolveProtoPath } from './proto-path';

export const ADMIN_PACKAGE = 'wirebench.admin';
export const ADMIN_SERVICE = 'Admin';

// grpc-js's NOT_FOUND; a number here keeps this file free of a runtime grpc-js import for one constant.
const NOT_FOUND = 5;

type Callback = (error: { code: number; details: string } | null, reply?: unknown) => void;
type Unary = (call: { request: { window?: string } }, callback: Callback) => void;
/** What both servers are: Nest hands its grpc-js Server to onLoadPackageDefinition, the bare one is one. */
export interface AddServiceTarget {
  addService(service: unknown, implementation: Record<string, Unary>): void;
}

/** proto/admin.proto with the shared loader options, for the servers and the engine's client alike. */
export function loadAdminPackageDefinition(): PackageDefinition {
  return loadSync(resolveProtoPath(__dirname, ADMIN_PROTO_FILE), LOADER_OPTIONS);
}

/**
 * Registers wirebench.admin.Admin on a grpc-js server, answering from the process's meter. Only called when
 * SERVER_RESOURCES allows it, so a server without it answers UNIMPLEMENTED.
 */
export function addAdminService(
  server: AddServiceTarget,
  meter: ResourceMeter,
  pkg: PackageDefinition = loadAdminPackageDefinition(),
): void {
  server.addService(pkg[`${ADMIN_PACKAGE}.${ADMIN_SERVICE}`], {
    Resources: (_call, callback) => {
      const now = meter.snapshot();
      callback(null, { ...now, peakRssBytes: now.peakRssBytes ?? 0 });
    },
    BeginWindow: (_call, callback) => callback(null, meter.begin()),
    EndWindow: (call, callback) => {
      const report = meter.end(call.request.window ?? '');
      if (report) callback(null, report);
      else callback({ code: NOT_FOUND, details: `no open window ${call.request.window}` });
    },
  });
}
