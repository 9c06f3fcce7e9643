import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The contract's file name inside the repository's root `proto/` folder. */
export const SAMPLE_PROTO_FILE = join('proto', 'sample.proto');

/**
 * Finds `proto/sample.proto` by walking up from this file, so the same code works from `libs/` under ts-jest
 * and from `dist/apps/<app>/...` after a build, without copying the proto into the build output.
 */
export function resolveProtoPath(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, SAMPLE_PROTO_FILE);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`cannot find ${SAMPLE_PROTO_FILE} above ${from}`);
  }
}
