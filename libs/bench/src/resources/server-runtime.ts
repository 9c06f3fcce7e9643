import type { ResourceSnapshot } from '@app/resources';
import type { ProcessRuntime } from '../result/result.interface';
import type { TargetInfo } from '../transport-contract/rows-transport.interface';
import { ADMIN_OVER } from '../scenario/variant-info';
import { adminGrpc, adminHttp } from '@app/identity';

/** What a server says of itself that a result records or checks before timing; each part null where it does not say. */
export interface ServerReport {
  /** Its node and V8 (ResourceSnapshot.nodeVersion/v8Version). */
  runtime: ProcessRuntime | null;
  /** The settings its shapes are built with (ResourceSnapshot.shapeSettings: BINARY_BLOB_BYTES). */
  shapeSettings: Record<string, number> | null;
}

/**
 * The server behind a target, in its own words, from one snapshot: GET /admin/resources for the JSON servers, the
 * admin Resources RPC for the gRPC ones. Asked of the server itself, not a shaping proxy in front of it. Each part is
 * null when it does not say: SERVER_RESOURCES off there (404 / UNIMPLEMENTED), or a build from before the snapshot
 * carried it; the result then records the server's runtime as unknown, never as the client's.
 */
export async function readServerReport(target: TargetInfo, timeoutMs: number): Promise<ServerReport> {
  const snapshot = await readServerSnapshot(target, timeoutMs);
  const settings = snapshot?.shapeSettings;
  return {
    runtime: runtimeOf(snapshot),
    shapeSettings: settings && typeof settings === 'object' && Object.keys(settings).length > 0 ? settings : null,
  };
}

async function readServerSnapshot(target: TargetInfo, timeoutMs: number): Promise<Partial<ResourceSnapshot> | null> {
  const address = target.serverAddress ?? target.address;
  try {
    return (
      ADMIN_OVER[target.server] === 'http'
        ? await adminHttp(address, 'GET', '/admin/resources', timeoutMs)
        : await snapshotOverGrpc(address, timeoutMs)
    ) as Partial<ResourceSnapshot>;
  } catch {
    return null;
  }
}

/**
 * The versions a snapshot carries, or null when it carries none (an older server; gRPC's defaults are ''). A Go
 * reference server reports its Go version (`go1.26.8`) and no V8.
 */
export function runtimeOf(snapshot: Partial<ResourceSnapshot> | null | undefined): ProcessRuntime | null {
  const { nodeVersion, v8Version } = snapshot ?? {};
  if (typeof nodeVersion !== 'string' || nodeVersion === '' || typeof v8Version !== 'string') return null;
  return v8Version !== '' || nodeVersion.startsWith('go') ? { nodeVersion, v8Version } : null;
}

async function snapshotOverGrpc(address: string, timeoutMs: number): Promise<unknown> {
  const admin = adminGrpc(address, timeoutMs);
  try {
    return await admin.call('Resources', {});
  } finally {
    admin.close();
  }
}
