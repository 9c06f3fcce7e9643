import { getShape } from '@app/shapes';
import type { TargetInfo } from '../transport-contract/rows-transport.interface';
import { PayloadMismatchError } from './payload-mismatch.error';

/**
 * Before anything is timed: a server whose report says its rows of this shape are built with another value of the
 * shape's setting (BINARY_BLOB_BYTES) than this client's would send rows that do not verify. Refused here, naming
 * the setting and both values, rather than after a run as a bare checksum mismatch. A server that reports no
 * settings (SERVER_RESOURCES off) is not refused: its rows are still verified, and a mismatch then names the setting.
 */
export function requireSameShapeSetting(
  shapeName: string,
  target: TargetInfo,
  serverSettings: Record<string, number> | null,
): void {
  const setting = getShape(shapeName).setting;
  if (!setting || !serverSettings || serverSettings[setting.variable] === undefined) return;
  const theirs = serverSettings[setting.variable];
  if (theirs === setting.value) return;
  throw new PayloadMismatchError(
    target,
    `it builds ${shapeName} rows with ` +
      `${setting.variable}=${theirs}, this client with ` +
      `${setting.variable}=${setting.value}: start the servers and the client with the same ${setting.variable}`,
  );
}
