import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { findProjectRoot } from '@app/bootstrap';
import { byNewest, isRelease } from './versions';

/** Where a runtime's binary sits inside its package (and so inside its cache folder). */
export const BINARY_IN_PACKAGE = join('bin', 'node');

/**
 * The cache folder: `<project root>/.cache/node-runtimes` (git-ignored with the rest of `.cache/`), or
 * `NODE_RUNTIMES_DIR` (a relative value is taken from the project root, so every command finds the same folder).
 * One folder per exact version, holding the package as published: `<dir>/24.11.1/bin/node`.
 */
export function runtimesCacheDir(env: NodeJS.ProcessEnv = process.env, root?: string): string {
  const projectRoot = root ?? findProjectRoot();
  const chosen = env.NODE_RUNTIMES_DIR?.trim();
  if (!chosen) return join(projectRoot, '.cache', 'node-runtimes');
  return isAbsolute(chosen) ? chosen : resolve(projectRoot, chosen);
}

export function cachedBinary(cacheDir: string, version: string): string {
  return join(cacheDir, version, BINARY_IN_PACKAGE);
}

/**
 * The exact versions in the cache, newest first. Only complete entries count: a folder is renamed into place after
 * its binary is there, and the temporary folders a fetch works in start with a dot.
 */
export function cachedVersions(cacheDir: string): string[] {
  if (!existsSync(cacheDir)) return [];
  return readdirSync(cacheDir)
    .filter((name) => isRelease(name) && existsSync(cachedBinary(cacheDir, name)))
    .sort(byNewest);
}
