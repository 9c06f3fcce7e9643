import { join } from 'node:path';
import { findProtoFile, SAMPLE_PROTO_FILE } from '@app/shapes';

export { SAMPLE_PROTO_FILE };
/** The servers' resource admin service (wirebench.admin.Admin), beside it. */
export const ADMIN_PROTO_FILE = join('proto', 'admin.proto');

/**
 * Finds `proto/sample.proto` (or another file of `proto/`) above `from`, so the same code works from `libs/` under
 * ts-jest and from `dist/apps/<app>/...` after a build, without copying the proto into the build output.
 */
export function resolveProtoPath(from: string = __dirname, file: string = SAMPLE_PROTO_FILE): string {
  return findProtoFile(file, from);
}
