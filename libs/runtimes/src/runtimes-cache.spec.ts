import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedVersions, runtimesCacheDir } from './runtimes-cache';

describe('runtimesCacheDir', () => {
  it('is .cache/node-runtimes in the project, or NODE_RUNTIMES_DIR (relative to the project root)', () => {
    expect(runtimesCacheDir({}, '/p')).toBe('/p/.cache/node-runtimes');
    expect(runtimesCacheDir({ NODE_RUNTIMES_DIR: '/elsewhere' }, '/p')).toBe('/elsewhere');
    expect(runtimesCacheDir({ NODE_RUNTIMES_DIR: 'runtimes' }, '/p')).toBe('/p/runtimes');
    expect(runtimesCacheDir({ NODE_RUNTIMES_DIR: '' }, '/p')).toBe('/p/.cache/node-runtimes');
  });

  it("defaults to this project's root", () => {
    expect(runtimesCacheDir({})).toBe(join(__dirname, '..', '..', '..', '.cache', 'node-runtimes'));
  });
});

describe('cachedVersions', () => {
  it('lists complete versions newest first, ignoring fetches in progress and folders without a binary', () => {
    const cache = mkdtempSync(join(tmpdir(), 'wirebench-runtimes-list-'));
    try {
      for (const version of ['22.9.0', '22.23.3', '.fetching-24.1.0-x', '24.0.0']) {
        mkdirSync(join(cache, version, 'bin'), { recursive: true });
        if (version !== '24.0.0') writeFileSync(join(cache, version, 'bin', 'node'), '');
      }
      expect(cachedVersions(cache)).toEqual(['22.23.3', '22.9.0']);
      expect(cachedVersions(join(cache, 'absent'))).toEqual([]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
