import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeNodePackage } from './fixtures/fake-node-package';
import { installIntoCache } from './install-into-cache';
import { resolveRuntimes } from './resolve-runtimes';

describe('resolveRuntimes', () => {
  let cache: string;
  beforeAll(async () => {
    cache = mkdtempSync(join(tmpdir(), 'wirebench-runtimes-list-'));
    for (const version of ['91.2.0', '93.0.1'])
      await installIntoCache(cache, version, fakeNodePackage(version).tarball);
  });
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  it('resolves a comma list (or several values) in the order given', async () => {
    const runtimes = await resolveRuntimes(['93,current', '91'], { cacheDir: cache, offline: true });
    expect(runtimes.map((r) => [r.spec, r.nodeVersion, r.source])).toEqual([
      ['93', '93.0.1', 'cache'],
      ['current', process.versions.node, 'current'],
      ['91', '91.2.0', 'cache'],
    ]);
  });

  it('refuses the same binary named twice, and an empty entry, in one line', async () => {
    await expect(resolveRuntimes('91,91.2.0', { cacheDir: cache, offline: true })).rejects.toThrow(
      new Error(
        `node runtime 91.2.0: is the same binary as 91 ` +
          `(${join(cache, '91.2.0', 'bin', 'node')}, node 91.2.0): name each runtime once`,
      ),
    );
    await expect(resolveRuntimes('91,,93', { cacheDir: cache, offline: true })).rejects.toThrow(
      "node runtime '91,,93': an empty runtime in the list: name each one (e.g. 22,24,26)",
    );
  });
});
