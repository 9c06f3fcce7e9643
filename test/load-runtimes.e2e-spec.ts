// npm run load on several Node runtimes (--node, --server-node / --client-node), through the built CLI with the
// servers it starts itself on free ports: each runtime's servers started fresh on it, one block after another, the
// load generators on the client runtime, every level recording the node and V8 each process reported itself (the
// generator in its result, the server in its own /admin/resources or Admin.Resources answer), read back from
// levels.csv and result.json. A runtime that cannot be had is refused in one line, exit 2, before anything runs. The
// second runtime is the newest cached Node 22 (npm run setup:node -- 22; NODE_RUNTIMES_DIR to look elsewhere), or,
// with WIREBENCH_FETCH_RUNTIMES=1, whatever the CLI fetches; without either, the tests that need it are skipped,
// saying why in their titles.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findGhz } from '@app/load';
import { pastEndOfLife } from '@app/runtimes';
import { processesWithEnv } from './support/processes';
import { portsEnv } from './support/stack';
import { cachedNode22, RUNTIME_FETCH_ENV } from './support/cached-node22';
import { loadIntoFolder } from './support/load-run';

jest.setTimeout(300_000);

// One short level per transport: what is checked is which node ran it, not how fast.
const SMALL = ['--concurrency', '1', '--duration', '1', '--warmup', '0', '--transport', 'json,grpc', '--format', 'csv'];

const load = (args: string[], env: Record<string, string>) => loadIntoFolder(args, env, 'wirebench-load-runtimes-');

const twenty2 = cachedNode22();
const network = RUNTIME_FETCH_ENV;
const testWith22 = (title: string, fn: () => Promise<void>) =>
  twenty2.why === null ? it(title, fn) : it.skip(`${title} (skipped: ${twenty2.why})`, fn);
const current = process.versions;
const RUNTIME_COLUMNS = ['runtime', 'node_version', 'v8_version', 'server_node_version', 'server_v8_version'];

describe('npm run load --node', () => {
  testWith22(
    "--node current,22: each runtime's servers and generators started on it, one block each, every level " +
      'recorded and verified',
    async () => {
      // A marker of this test's own: the processes checked below are the ones this run started, not another test
      // file's that was given the same free port later.
      const env = await portsEnv({ ...network, WB_LOAD_RUNTIMES_E2E: `${process.pid}-both` });
      const r = await load([...SMALL, '--node', 'current,22'], env);
      expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      const run = r.result!;
      const [mine, other] = run.runtimes!;
      expect(mine.label).toBe(`node${current.node}`);
      expect(other.server.nodeVersion).toMatch(/^22\./);
      if (twenty2.version) expect(other.server.nodeVersion).toBe(twenty2.version);
      expect(run.rounds).toBe(1);

      // One level per transport and runtime, in block order, each named after its runtime and as its processes said.
      const expected = [mine, other].flatMap((p) =>
        ['json', 'grpc'].map((transport) => [
          `c1@${p.label}`,
          transport,
          'true',
          p.label,
          p.client.nodeVersion,
          p.client.v8Version,
          p.server.nodeVersion,
          p.server.v8Version,
        ]),
      );
      // levels.csv has no name column: the runtime column and the result's names say the same.
      expect(
        r.levels.map((l, i) => [run.levels[i].name, l.transport, l.verified, ...RUNTIME_COLUMNS.map((c) => l[c])]),
      ).toEqual(expected);
      // result.json: each level's generator and server, as they reported themselves, are its block's runtime.
      expect(run.levels.map((l) => l.runtime)).toEqual(
        [mine, mine, other, other].map((p) => ({
          generator: { nodeVersion: p.client.nodeVersion, v8Version: p.client.v8Version },
          server: { nodeVersion: p.server.nodeVersion, v8Version: p.server.v8Version },
          label: p.label,
        })),
      );
      expect(mine.client.v8Version).toBe(current.v8);
      expect(other.client.v8Version).not.toBe(current.v8);
      // This machine's Node 20 is past its end of life: the line says so where it names it.
      const eol = pastEndOfLife(current.node) ? `, past its end of life ${pastEndOfLife(current.node)}` : '';
      expect(r.markdown).toContain(
        `- **Runtimes:** ${mine.label}: servers and generators on ` +
          `Node ${current.node} (V8 ${current.v8}${eol}); ${other.label}: servers and generators on ` +
          `Node ${other.server.nodeVersion}`,
      );
      expect(r.markdown).toContain(`| ${other.label} |`);
      // The servers it started, on either runtime, are gone.
      expect(processesWithEnv('WB_LOAD_RUNTIMES_E2E', env.WB_LOAD_RUNTIMES_E2E)).toEqual([]);
    },
  );

  testWith22(
    "--server-node 22 --client-node current: the generator's and the server's versions, each from its own report",
    async () => {
      const r = await load([...SMALL, '--server-node', '22', '--client-node', 'current'], await portsEnv(network));
      expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      const [pair] = r.result!.runtimes!;
      expect(pair.label).toBe(`server${pair.server.nodeVersion}-client${current.node}`);
      expect(pair.server.nodeVersion).toMatch(/^22\./);
      expect(r.levels.map((l) => RUNTIME_COLUMNS.map((c) => l[c]))).toEqual(
        ['json', 'grpc'].map(() => [
          pair.label,
          current.node,
          current.v8,
          pair.server.nodeVersion,
          pair.server.v8Version,
        ]),
      );
      for (const level of r.result!.levels) {
        expect(level.name).toBe(`c1@${pair.label}`);
        expect(level.runtime).toEqual({
          generator: { nodeVersion: current.node, v8Version: current.v8 },
          server: { nodeVersion: pair.server.nodeVersion, v8Version: pair.server.v8Version },
          label: pair.label,
        });
      }
    },
  );

  (findGhz() ? it : it.skip)(
    `ghz levels run on the runtime's servers, their generator (Go) recorded with no node version and a note ` +
      `saying why${findGhz() ? '' : ' (skipped: ghz not found)'}`,
    async () => {
      const r = await load(
        [
          '--node',
          'current',
          '--engine',
          'ghz,wirebench',
          '--transport',
          'grpc',
          '--concurrency',
          '1',
          '--duration',
          '1',
          '--warmup',
          '0',
          '--format',
          'csv',
        ],
        await portsEnv(),
      );
      expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      const label = `node${current.node}`;
      expect(r.levels.map((l) => [l.engine, ...RUNTIME_COLUMNS.map((c) => l[c])])).toEqual([
        ['ghz', label, '', '', current.node, current.v8],
        ['wirebench', label, current.node, current.v8, current.node, current.v8],
      ]);
      expect(r.levels[0].notes).toContain(
        `runtime ${label}: the servers ran on it; the load came from ghz (Go), so no node version is recorded ` +
          `for the generator`,
      );
    },
  );

  it("--rounds 2: each runtime's block twice, every level named and recorded with its round", async () => {
    const r = await load(
      [
        '--node',
        'current',
        '--rounds',
        '2',
        '--transport',
        'json',
        '--concurrency',
        '1',
        '--duration',
        '1',
        '--warmup',
        '0',
        '--format',
        'csv',
      ],
      await portsEnv(),
    );
    expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
    const label = `node${current.node}`;
    expect(r.result!.rounds).toBe(2);
    expect(r.result!.levels.map((l) => [l.name, l.runtime!.label, l.runtime!.round, l.verified])).toEqual(
      [1, 2].map((round) => [`c1@${label}@round${round}`, label, round, true]),
    );
    expect(r.output).toContain(`json c=1 on ${label} (round 2/2):`);
  });

  it(
    'without --node, still records the versions the generator and the servers report, and names levels as ' + 'before',
    async () => {
      const r = await load(SMALL, await portsEnv());
      expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      expect(r.levels.map((l) => RUNTIME_COLUMNS.map((c) => l[c]))).toEqual(
        ['json', 'grpc'].map(() => ['', current.node, current.v8, current.node, current.v8]),
      );
      expect(r.result!.levels.map((l) => l.name)).toEqual(['c1', 'c1']);
      expect(r.result!.runtimes).toBeUndefined();
    },
  );

  describe(
    'what cannot run: one line, before any level (exit 2 when refused up front, 1 when a server does ' + 'not start)',
    () => {
      let dir: string;
      let running: Server;
      beforeAll(async () => {
        dir = mkdtempSync(join(tmpdir(), 'wirebench-load-no-node-'));
        running = createServer((socket) => socket.destroy());
        await new Promise<void>((resolve) => running.listen(0, '127.0.0.1', resolve));
      });
      afterAll(async () => {
        rmSync(dir, { recursive: true, force: true });
        await new Promise((resolve) => running.close(resolve));
      });

      it('a path where there is no node', async () => {
        const missing = join(dir, 'missing', 'bin', 'node');
        const r = await load([...SMALL, '--node', `current,${missing}`], await portsEnv());
        expect({ code: r.code, output: r.output, dirs: r.dirs }).toEqual({
          code: 2,
          output: `wirebench load: node runtime ${missing}: ${missing} does not exist (see --help)\n`,
          dirs: [],
        });
      });

      it('a version not in the cache, with --offline', async () => {
        // A supported version (an unsupported one is refused before the cache is looked at: runtimes'
        // supported-node.spec).
        const r = await load([...SMALL, '--node', '24.0.0', '--offline'], await portsEnv({ NODE_RUNTIMES_DIR: dir }));
        expect({ code: r.code, dirs: r.dirs }).toEqual({ code: 2, dirs: [] });
        expect(r.output).toBe(
          `wirebench load: node runtime 24.0.0: no Node 24.0.0 in the cache ` +
            `(${dir}) and offline forbids fetching it; run: npm run setup:node -- 24.0.0 (see --help)\n`,
        );
      });

      it(
        'a runtime that answers its probe but cannot start the servers: the run fails in one line naming ' + 'it',
        async () => {
          // Answers `node -p` as this node does (so it resolves), fails as soon as it is given an app to run.
          const halfNode = join(dir, 'half-node');
          writeFileSync(
            halfNode,
            `#!/bin/sh\nif [ "$1" = "-p" ]; then exec ` +
              `"${process.execPath}" "$@"; fi\necho "cannot load the app" >&2\nexit 1\n`,
          );
          chmodSync(halfNode, 0o755);
          const env = await portsEnv({ WB_LOAD_RUNTIMES_E2E: `${process.pid}-half` });
          const r = await load([...SMALL, '--server-node', halfNode], env);
          expect(r.code).toBe(1);
          const label = `server${current.node}-client${current.node}`;
          const failed = r.output.split('\n').filter((l) => l.startsWith('wirebench load: failed:'));
          expect(failed).toEqual([
            expect.stringMatching(
              new RegExp(
                `^wirebench load: failed: node ` +
                  `runtime ${label}: [a-z-]+ exited \\(code 1\\) before a listener on 127\\.0\\.0\\.1:\\d+: ` +
                  `\\(see .*apps\\.log\\)$`,
              ),
            ),
          ]);
          expect(r.result!.levels).toEqual([]);
          expect(processesWithEnv('WB_LOAD_RUNTIMES_E2E', env.WB_LOAD_RUNTIMES_E2E)).toEqual([]);
        },
      );

      it('a server it loads already running (it would run on whatever node started it)', async () => {
        const env = await portsEnv({ GRPC_SERVER_PORT: String((running.address() as AddressInfo).port) });
        const r = await load([...SMALL, '--node', 'current'], env);
        expect({ code: r.code, dirs: r.dirs }).toEqual({ code: 2, dirs: [] });
        expect(r.output).toMatch(
          new RegExp(
            String.raw`^wirebench load: --node \/ --server-node \/ --client-node start the servers ` +
              String.raw`this run loads on each runtime, but servers this run did not start already answer at their ` +
              String.raw`configured addresses \(grpc-server\): stop them, or set other ports \(see --help\)\n$`,
          ),
        );
      });
    },
  );
});
