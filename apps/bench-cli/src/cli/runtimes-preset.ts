import { cachedVersions, runtimesCacheDir } from '@app/runtimes';
import { UsageError } from './usage-error';

const majorOf = (version: string) => Number(version.split('.')[0]);

/**
 * The runtimes the runtimes preset compares when --node is not given: the newest cached release of each major
 * (npm run setup:node) and the node running the command (`current`), unless the cache holds that major already (one
 * runtime a major: the question is the Node a team runs, not its patch level). Oldest first, so the first runtime,
 * the one every phase is compared with, is the oldest. Exact versions, so nothing is fetched. Fewer than two is a
 * usage error: one runtime compares nothing.
 */
export function presetRuntimes(
  cacheDir: string = runtimesCacheDir(),
  current: string = process.versions.node,
): string[] {
  const newestOfEach = new Map<number, string>();
  // cachedVersions is newest first: the first of a major is its newest.
  for (const version of cachedVersions(cacheDir))
    if (!newestOfEach.has(majorOf(version))) newestOfEach.set(majorOf(version), version);
  const byMajor = [...newestOfEach.entries()];
  if (!newestOfEach.has(majorOf(current))) byMajor.push([majorOf(current), 'current']);
  if (byMajor.length < 2) {
    throw new UsageError(
      `the runtimes preset compares Node versions, and only Node ` +
        `${byMajor.length ? byMajor[0][1].replace('current', current) : current} is available` +
        ` (cache: ${cacheDir}): run \`npm run setup:node -- 22 24 26\` first, or give --node`,
    );
  }
  return byMajor.sort(([a], [b]) => a - b).map(([, spec]) => spec);
}
