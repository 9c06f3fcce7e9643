// The project on the node that runs this suite: CI runs it (with the unit suite, test/runtime-subset.json) once per
// extra runtime, with that runtime's `node` running jest. Every process below is started with process.execPath; the
// first test proves from /proc that the apps really run on that node, not on whichever `node` the PATH finds, and
// the others that the runs record it.
// One of each of what users run: start:all (its servers as node:cluster workers too), a bench preset (with the
// streaming variants), one load level.
import { mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { pidsWithEnv } from './support/processes';
import { getJson, portsEnv } from './support/stack';

jest.setTimeout(300_000);
// How long start:all may take to have every server's workers and the client up.
const START_ALL_MS = 180_000;

const THIS_NODE = realpathSync(process.execPath);

/** The binary a live process runs (Linux /proc). */
const binaryOf = (pid: number): string => readlinkSync(`/proc/${pid}/exe`);

/** A live process's environment, one `NAME=value` a line (Linux /proc). */
const environOf = (pid: number): string[] => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');

/**
 * Runs a bench-cli entry into a throw-away folder with `--format json`; returns its exit code, output and the parsed
 * run.
 */
async function runCli(
  entry: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; run: any }> {
  const out = mkdtempSync(join(tmpdir(), 'wirebench-this-node-'));
  try {
    const cli = new AppProcess(
      process.execPath,
      [appEntry('bench-cli', entry, ROOT), ...args, '--out', out, '--format', 'json'],
      env,
    );
    let stdout = '';
    cli.child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const { code } = await cli.exited;
    return { code, output: cli.output.slice(-4000), run: code === 0 ? JSON.parse(stdout) : null };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe(`the project on ${process.version}`, () => {
  it(
    'npm run start:all with 2 workers a server: every app and every node:cluster worker runs on this node, a ' +
      'comparison verifies, SIGTERM stops them all',
    async () => {
      const env = await portsEnv({ SERVER_WORKERS: '2' });
      const all = new AppProcess(process.execPath, [join(ROOT, 'scripts', 'start-all.js')], env);
      try {
        const clustered = ['json', 'grpc', 'json-fastify', 'json-h2', 'bare-connect'];
        // Every app starts at once, five as a primary and 2 workers, and CI runs this beside the image build and lint
        // on 2 cores: one deadline for them all, not 60 s each, which the first server alone once took.
        const deadline = Date.now() + START_ALL_MS;
        const left = () => Math.max(1, deadline - Date.now());
        for (const name of clustered) await all.waitFor(new RegExp(`\\[${name}\\][^\\n]*2 workers on`), left());
        await all.waitFor(/\[client\][^\n]*listening on/, left());
        const pids = pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT);
        // Each server is a primary and 2 workers, forked with the primary's binary (node:cluster uses
        // process.execPath).
        expect(pids.filter((pid) => environOf(pid).some((v) => v.startsWith('NODE_UNIQUE_ID='))).length).toBe(
          clustered.length * 2,
        );
        expect([...new Set(pids.map(binaryOf))]).toEqual([THIS_NODE]);
        const { status, body } = await getJson(`http://127.0.0.1:${env.CLIENT_PORT}/client/compare?rows=100`);
        expect(status).toBe(200);
        expect({ json: body.json.verified, grpc: body.grpc.verified }).toEqual({ json: true, grpc: true });
      } finally {
        all.child.kill('SIGTERM');
      }
      expect((await all.exited).code).toBe(0);
      for (let i = 0; i < 40 && pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT).length > 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT)).toEqual([]);
    },
  );

  it(
    'npm run bench --preset quick, streaming variants included: every result verified, the run records this ' + 'node',
    async () => {
      const variants = ['json', 'grpc', 'json-stream', 'grpc-stream'];
      // 100-row chunks: the 1,000-row case streams in several messages, each checksummed.
      const args = [
        '--preset',
        'quick',
        '--variants',
        variants.join(','),
        '--chunk-rows',
        '100',
        '--runs',
        '2',
        '--warmup',
        '0',
      ];
      const { code, output, run } = await runCli('main.js', args, await portsEnv());
      expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
      expect(run).toMatchObject({ kind: 'bench', endReason: 'completed', environment: { node: process.version } });
      expect([...new Set(run.scenarios.map((s: any) => s.variant))].sort()).toEqual([...variants].sort());
      expect(run.scenarios).toHaveLength(4 * variants.length);
      for (const s of run.scenarios)
        expect({ case: `${s.name}/${s.variant}`, verified: s.verified }).toEqual({
          case: `${s.name}/${s.variant}`,
          verified: true,
        });
    },
  );

  it('npm run load, one 1 s level on both transports: no errors, every level verified', async () => {
    const { code, output, run } = await runCli(
      'load-main.js',
      ['--concurrency', '4', '--duration', '1', '--warmup', '0'],
      await portsEnv(),
    );
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    expect(run).toMatchObject({ kind: 'load', endReason: 'completed', environment: { node: process.version } });
    expect(run.levels.map((l: any) => l.transport)).toEqual(['json', 'grpc']);
    for (const level of run.levels) {
      expect(level).toMatchObject({ verified: true, errors: {} });
      expect(level.successes).toBeGreaterThan(0);
    }
  });
});
