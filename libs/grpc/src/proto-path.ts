import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The contract's file name inside the repository's root `proto/` folder. */
export const SAMPLE_PROTO_FILE = join('proto', 'sample.proto');
/** The servers' resource admin service (wirebench.admin.Admin), beside it. */
export const ADMIN_PROTO_FILE = join('proto', 'admin.proto');

/**
 * Finds `proto/sample.proto` (or another file of `proto/`) by walking up from this file, so the same code works from `libs/` under ts-jest
 * and from `dist/apps/<app>/...` after a build, without copying the proto into the build output.
 */
export function resolveProtoPath(from: string = __dirname, file: string = SAMPLE_PROTO_FILE): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, file);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`cannot find ${file} above ${from}`);
  }
}
