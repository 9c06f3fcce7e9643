import type { ResourceSnapshot } from '@app/bootstrap';
import type { ProcessRuntime } from '../result/result.interface';
import type { TargetInfo } from '../transports/rows-transport.interface';
import { adminGrpc } from './admin-grpc';
import { adminHttp } from './admin-http';

/**
 * The node and V8 of the server behind a target, in its own words: GET /admin/resources for the JSON servers, the
 * admin Resources RPC for the gRPC ones (the same snapshot). Asked of the server itself, not a shaping proxy in front
 * of it. Null when it does not say: SERVER_RESOURCES off there (404 / UNIMPLEMENTED), or a build from before the
 * snapshot carried its versions; the result then records the server's runtime as unknown, never as the client's.
 */
export async function readServerRuntime(target: TargetInfo, timeoutMs: number): Promise<ProcessRuntime | null> {
  return runtimeOf(await readServerSnapshot(target, timeoutMs));
}

/**
 * The settings the server's shapes are built with (ResourceSnapshot.shapeSettings: BINARY_BLOB_BYTES), from the same
 * report; null when it gives none (SERVER_RESOURCES off there, or a build from before it carried them).
 */
export async function readServerShapeSettings(target: TargetInfo, timeoutMs: number): Promise<Record<string, number> | null> {
  const settings = (await readServerSnapshot(target, timeoutMs))?.shapeSettings;
  return settings && typeof settings === 'object' && Object.keys(settings).length > 0 ? settings : null;
}

async function readServerSnapshot(target: TargetInfo, timeoutMs: number): Promise<Partial<ResourceSnapshot> | null> {
  const address = target.serverAddress ?? target.address;
  try {
    return (target.server === 'json-server' ? await adminHttp(address, 'GET', '/admin/resources', timeoutMs) : await snapshotOverGrpc(address, timeoutMs)) as Partial<ResourceSnapshot>;
  } catch {
    return null;
  }
}

/** The versions a snapshot carries, or null when it carries none (an older server; gRPC's defaults are ''). */
export function runtimeOf(snapshot: Partial<ResourceSnapshot> | null | undefined): ProcessRuntime | null {
  const { nodeVersion, v8Version } = snapshot ?? {};
  return typeof nodeVersion === 'string' && nodeVersion !== '' && typeof v8Version === 'string' && v8Version !== '' ? { nodeVersion, v8Version } : null;
}

async function snapshotOverGrpc(address: string, timeoutMs: number): Promise<unknown> {
  const admin = adminGrpc(address, timeoutMs);
  try {
    return await admin.call('Resources', {});
  } finally {
    admin.close();
  }
}
