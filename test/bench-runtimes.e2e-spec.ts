// npm run bench on several Node runtimes (--node, --server-node / --client-node), through the built CLI with the apps
// it starts itself on free ports: each runtime's servers and client started on it in blocks whose order rotates, every
// result recording the node and V8 each process reported itself (the client in the result it measured, the server
// in its own /admin/resources or Admin.Resources answer), read back from the CSV. Runtimes that cannot run are refused
// in one line, exit 2, before anything runs; one whose apps do not start fails the run in one line naming it. The
// second runtime is the newest cached Node 22 (npm run setup:node -- 22), or, with WIREBENCH_FETCH_RUNTIMES=1, whatever
// the bench fetches; without either, the tests that need it are skipped, saying why in their titles.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pastEndOfLife } from '@app/runtimes';
import { pidsWithEnv } from './support/processes';
import { portsEnv } from './support/stack';
import { cachedNode22, RUNTIME_FETCH_ENV } from './support/cached-node22';
import { benchIntoFolder } from './support/bench-run';

jest.setTimeout(300_000);

const SMALL = ['--rows', '50', '--runs', '2', '--warmup', '0', '--variants', 'json,grpc'];

const bench = (args: string[], env: Record<string, string>) => benchIntoFolder(args, env, 'wirebench-runtimes-');

const twenty2 = cachedNode22();
const network = RUNTIME_FETCH_ENV;
const titled = (title: string) => (twenty2.why === null ? title : `${title} (skipped: ${twenty2.why})`);
const current = process.versions;

describe('npm run bench --node', () => {
  (twenty2.why === null ? it : it.skip)(
    titled(
      "--node current,22: both runtimes' apps started on them in rotating blocks, recorded, verified, read " +
        'back from the CSV',
    ),
    async () => {
      const env = await portsEnv(network);
      const r = await bench([...SMALL, '--node', 'current,22'], env);
      expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      const run = r.result!;
      const [mine, other] = run.runtimes!;
      expect(mine.label).toBe(`node${current.node}`);
      expect(other.client.nodeVersion).toMatch(/^22\./);
      if (twenty2.version) expect(other.client.nodeVersion).toBe(twenty2.version);

      // Two rounds by default, the second in the other order; each block in fresh processes of its own.
      expect(run.invocations).toBe(2);
      expect(run.invocationStarts!.map((s) => `${s.invocation} ${s.runtime}`)).toEqual([
        `1 ${mine.label}`,
        `1 ${other.label}`,
        `2 ${other.label}`,
        `2 ${mine.label}`,
      ]);
      expect(new Set(run.invocationStarts!.map((s) => s.pids.client)).size).toBe(4);
      expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT)).toEqual([]);

      // One row per case, variant and runtime, each pooled from its own two blocks only, each as its processes said.
      const rows = r.summary.map((s) => [
        s.scenario,
        s.variant,
        s.runtime,
        s.node_version,
        s.v8_version,
        s.server_node_version,
        s.server_v8_version,
        s.runs,
        s.invocations,
        s.verified,
      ]);
      const expected = [mine, other].flatMap((p) =>
        ['json', 'grpc'].map((variant) => [
          expect.stringMatching(new RegExp(`@${p.label.replace(/\./g, '\\.')}$`)),
          variant,
          p.label,
          p.client.nodeVersion,
          p.client.v8Version,
          p.server.nodeVersion,
          p.server.v8Version,
          '4',
          '2',
          'true',
        ]),
      );
      expect(rows).toEqual(expected);
      expect(mine.client.v8Version).toBe(current.v8);
      expect(other.client.v8Version).not.toBe(current.v8);
      // runs.csv says each run's runtime too, and no run of one runtime sits under the other's name.
      for (const row of r.runs) expect(row.scenario.endsWith(`@${row.runtime}`)).toBe(true);
      expect(r.runs).toHaveLength(16);
      // This machine's Node 20 is past its end of life: the line says so where it names it.
      const eol = pastEndOfLife(current.node) ? `, past its end of life ${pastEndOfLife(current.node)}` : '';
      expect(r.markdown).toContain(
        `- **Runtimes:** ${mine.label}: servers and client on ` +
          `Node ${current.node} (V8 ${current.v8}${eol}); ${other.label}: servers and client on ` +
          `Node ${other.client.nodeVersion}`,
      );
      expect(r.stdout).toContain(`@${other.label}`);
      // The sentences say which runtime each verdict is about.
      for (const p of [mine, other]) expect(r.stdout).toContain(`For one request of 50 rows on ${p.label}, gRPC took`);
    },
  );

  (twenty2.why === null ? it : it.skip)(
    titled("--server-node 22 --client-node current: each process's version from its own report"),
    async () => {
      const r = await bench([...SMALL, '--server-node', '22', '--client-node', 'current'], {
        ...(await portsEnv(network)),
      });
      expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      const [pair] = r.result!.runtimes!;
      expect(pair.label).toBe(`server${pair.server.nodeVersion}-client${current.node}`);
      expect(r.result!.invocations).toBe(1);
      for (const s of r.summary) {
        expect([s.node_version, s.v8_version, s.server_node_version, s.verified]).toEqual([
          current.node,
          current.v8,
          pair.server.nodeVersion,
          'true',
        ]);
        expect(s.server_node_version).toMatch(/^22\./);
        expect(s.server_v8_version).toBe(pair.server.v8Version);
      }
      // The result itself, as the client app answered it: the server's word beside the client's.
      for (const result of r.result!.scenarios)
        expect(result.runtime).toEqual({
          client: { nodeVersion: current.node, v8Version: current.v8 },
          server: { nodeVersion: pair.server.nodeVersion, v8Version: pair.server.v8Version },
          label: pair.label,
        });
    },
  );

  it('without --node, still records the versions the client and the servers report', async () => {
    const r = await bench([...SMALL, '--invocations', '1'], await portsEnv());
    expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
    expect(
      r.summary.map((s) => [
        s.scenario,
        s.runtime,
        s.node_version,
        s.v8_version,
        s.server_node_version,
        s.server_v8_version,
      ]),
    ).toEqual(
      ['json', 'grpc'].map(() => [
        expect.not.stringContaining('@'),
        '',
        current.node,
        current.v8,
        current.node,
        current.v8,
      ]),
    );
    expect(r.result!.runtimes).toBeUndefined();
  });

  describe('a runtime that cannot run: one line naming it', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'wirebench-broken-node-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('a path where there is no node: exit 2 before anything runs', async () => {
      const missing = join(dir, 'missing', 'bin', 'node');
      const r = await bench([...SMALL, '--node', `current,${missing}`], await portsEnv());
      expect({ code: r.code, output: r.output, dirs: r.dirs }).toEqual({
        code: 2,
        output: `wirebench bench: node runtime ${missing}: ${missing} does not exist (see --help)\n`,
        dirs: [],
      });
    });

    it('a path to a broken file: exit 2 before anything runs', async () => {
      const broken = join(dir, 'node');
      writeFileSync(broken, '#!/bin/sh\necho "segmentation fault" >&2\nexit 139\n');
      chmodSync(broken, 0o755);
      const r = await bench([...SMALL, '--server-node', broken], await portsEnv());
      expect({ code: r.code, output: r.output, dirs: r.dirs }).toEqual({
        code: 2,
        output:
          `wirebench bench: node runtime ` +
          `${broken}: ${broken} exits with code 139: segmentation fault (see --help)\n`,
        dirs: [],
      });
    });

    it('a runtime that answers its probe but cannot start the apps: the run fails in one line naming it', async () => {
      // Answers `node -p` as this node does (so it resolves), fails as soon as it is given an app to run.
      const halfNode = join(dir, 'half-node');
      writeFileSync(
        halfNode,
        `#!/bin/sh\nif [ "$1" = "-p" ]; then exec ` +
          `"${process.execPath}" "$@"; fi\necho "cannot load the app" >&2\nexit 1\n`,
      );
      chmodSync(halfNode, 0o755);
      const env = await portsEnv();
      const r = await bench([...SMALL, '--server-node', halfNode], env);
      expect(r.code).toBe(1);
      const label = `server${current.node}-client${current.node}`;
      const failed = r.output.split('\n').filter((l) => l.startsWith('wirebench bench: failed:'));
      expect(failed).toEqual([
        expect.stringMatching(
          new RegExp(
            `^wirebench bench: failed: node ` +
              `runtime ${label}: [a-z-]+ exited \\(code 1\\) before a listener on 127\\.0\\.0\\.1:\\d+: \\(see ` +
              `.*apps\\.log\\)$`,
          ),
        ),
      ]);
      expect(r.result!.endReason).toBe('failed');
      expect(r.result!.scenarios).toEqual([]);
      expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT)).toEqual([]);
    });

    it('a spec that names no runtime: exit 2', async () => {
      const r = await bench([...SMALL, '--node', 'lts'], await portsEnv());
      expect(r.code).toBe(2);
      expect(r.output).toBe(
        "wirebench bench: --node: node runtime 'lts': expected a major (22), an exact version (22.11.0 or " +
          "v22.11.0), a path to a node binary (containing a /) or 'current' (see --help)\n",
      );
    });
  });
});
