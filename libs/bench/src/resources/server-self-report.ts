import type { ResourceReport } from '@app/resources';
import type { TargetInfo } from '../transport-contract/rows-transport.interface';
import { ADMIN_OVER } from '../scenario/variant-info';
import { adminGrpc, adminHttp } from '@app/identity';

/** A window the server itself measures; `end` resolves to what it reports. */
export interface SelfReportWindow {
  end(): Promise<ResourceReport>;
}

/**
 * Opens a resource window on the server behind a target: over HTTP for the JSON and Connect servers, over the admin RPC
 * for the gRPC ones. Rejects when the server does not offer it (SERVER_RESOURCES off: 404 / UNIMPLEMENTED) or is gone.
 */
export async function beginSelfReport(target: TargetInfo, timeoutMs: number): Promise<SelfReportWindow> {
  if (ADMIN_OVER[target.server] === 'http') {
    const { window } = (await adminHttp(target.address, 'POST', '/admin/resources/windows', timeoutMs)) as {
      window: string;
    };
    return {
      end: async () =>
        (await adminHttp(
          target.address,
          'DELETE',
          `/admin/resources/windows/${encodeURIComponent(window)}`,
          timeoutMs,
        )) as ResourceReport,
    };
  }
  const admin = adminGrpc(target.address, timeoutMs);
  try {
    const { window } = (await admin.call('BeginWindow', {})) as { window: string };
    return {
      end: async () => {
        try {
          return (await admin.call('EndWindow', { window })) as ResourceReport;
        } finally {
          admin.close();
        }
      },
    };
  } catch (error) {
    admin.close();
    throw error;
  }
}
