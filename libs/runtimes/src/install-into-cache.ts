import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BINARY_IN_PACKAGE, cachedBinary } from './runtimes-cache';

const run = promisify(execFile);

/**
 * Unpacks a checked package tarball into `<cacheDir>/<version>` atomically: it is extracted into a temporary folder
 * inside the cache (same file system, so the final rename is atomic) and renamed into place only once its binary is
 * there. On any failure the temporary folder goes and the cache is as it was; a reader never sees half a runtime.
 * Extraction uses the system `tar` (GNU tar or bsdtar; both refuse paths that climb out of the folder).
 * Returns the binary's path.
 */
export async function installIntoCache(cacheDir: string, version: string, tarball: Buffer): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, `.fetching-${version}-`));
  try {
    const file = join(work, 'package.tgz');
    writeFileSync(file, tarball);
    await unpack(file, work);
    // npm package tarballs hold everything under one `package/` folder.
    const unpacked = join(work, 'package');
    if (!existsSync(join(unpacked, BINARY_IN_PACKAGE))) throw new Error(`the package holds no ${BINARY_IN_PACKAGE}`);
    const target = join(cacheDir, version);
    try {
      renameSync(unpacked, target);
    } catch (error) {
      // Another fetch of the same version won the race: its copy is as good as ours.
      if (!existsSync(cachedBinary(cacheDir, version))) throw error;
    }
    return cachedBinary(cacheDir, version);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function unpack(file: string, into: string): Promise<void> {
  try {
    await run('tar', ['-xzf', file, '-C', into, '--no-same-owner'], { maxBuffer: 1 << 20 });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '')
      .trim()
      .split('\n')[0];
    throw new Error(`tar cannot extract it: ${stderr || (error as Error).message}`, { cause: error });
  }
}
