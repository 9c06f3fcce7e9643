import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeNodePackage } from './fixtures/fake-node-package';
import { installIntoCache } from './install-into-cache';

describe('installIntoCache', () => {
  let cache: string;
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'wirebench-runtimes-cache-'));
  });
  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  it(
    'unpacks the package into <cache>/<version> with its executable bin/node, leaving no temporary ' + 'folder',
    async () => {
      const path = await installIntoCache(cache, '26.1.0', fakeNodePackage('26.1.0').tarball);
      expect(path).toBe(join(cache, '26.1.0', 'bin', 'node'));
      expect(statSync(path).mode & 0o111).not.toBe(0);
      expect(readdirSync(cache)).toEqual(['26.1.0']);
    },
  );

  it('leaves nothing in the cache when the package has no bin/node', async () => {
    await expect(
      installIntoCache(cache, '26.1.0', fakeNodePackage('26.1.0', { withoutBinary: true }).tarball),
    ).rejects.toThrow('the package holds no bin/node');
    expect(readdirSync(cache)).toEqual([]);
  });

  it('leaves nothing in the cache when the tarball cannot be extracted', async () => {
    const truncated = fakeNodePackage('26.1.0').tarball.subarray(0, 40);
    await expect(installIntoCache(cache, '26.1.0', truncated)).rejects.toThrow(/^tar cannot extract it: /);
    expect(readdirSync(cache)).toEqual([]);
  });

  it('keeps the copy already there when another fetch of the same version finished first', async () => {
    await installIntoCache(cache, '26.1.0', fakeNodePackage('26.1.0').tarball);
    await expect(installIntoCache(cache, '26.1.0', fakeNodePackage('26.1.0').tarball)).resolves.toBe(
      join(cache, '26.1.0', 'bin', 'node'),
    );
    expect(readdirSync(cache)).toEqual(['26.1.0']);
  });
});
