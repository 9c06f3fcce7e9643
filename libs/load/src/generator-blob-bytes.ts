import { BINARY_BLOB_BYTES, useBinaryBlobBytes } from '@app/shapes';

/** The setting a load generator process gets its binary blob size by, from the process that spawns it. */
export const BINARY_BLOB_BYTES_VARIABLE = 'BINARY_BLOB_BYTES';

/**
 * In a load generator process: the `binary` shape of the size its parent uses (runLoadLevel passes it), so replies
 * are checked against the rows the servers were started to send. The parent checked the value when it read it.
 */
export function useParentBlobBytes(env: NodeJS.ProcessEnv = process.env): void {
  const raw = Number(env[BINARY_BLOB_BYTES_VARIABLE]);
  useBinaryBlobBytes(Number.isSafeInteger(raw) && raw > 0 ? raw : BINARY_BLOB_BYTES);
}
