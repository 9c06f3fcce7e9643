// The noise meter end to end: a bench run made while two busy loops of this test's own spin beside it (one per core
// of a 2-core machine) has runs marked disturbed in runs.csv and a verdict that says so; a run without them writes
// the same columns, but other jobs may share this machine, so it is only asked to parse, not to be quiet. With
// --quiet, loops that start once the case's runs have begun (after the CLI's own wait for quiet) and stop on their
// own a few seconds later disturb the first measured runs, which the engine waits out and measures again. A load
// level beside the loops is marked disturbed the same way.
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { appEntry } from '@app/bootstrap';
import type { BenchRun } from '@app/bench';
import { AppProcess, ROOT } from './support/app-process';
import { portsEnv } from './support/stack';

jest.setTimeout(240_000);

const SPIN_SECONDS = 90;
// Rows enough for runs of tens of milliseconds: a run of a few is within the /proc/stat ticks' rounding.
const ARGS = ['--variants', 'json,grpc', '--rows', '20000', '--runs', '3', '--warmup', '1'];
// Runs of a few hundred milliseconds, so loops started with the first measured run spin through it and the next;
// they stop well inside the engine's 10 s wait for quiet before a re-run.
const QUIET_ARGS = [
  '--variants',
  'json,grpc',
  '--rows',
  '100000',
  '--runs',
  '3',
  '--warmup',
  '1',
  '--quiet',
  '--rerun-disturbed',
  '3',
];
const SHORT_SPIN_SECONDS = 4;

interface BenchFiles {
  runs: Record<string, string>[];
  summary: Record<string, string>[];
  md: string;
  result: BenchRun;
}

/** `npm run bench` on free ports (it starts the apps), with `during` called beside it once it has started. */
async function bench(out: string, args = ARGS, during?: (clientUrl: string) => Promise<void>): Promise<BenchFiles> {
  const env = await portsEnv();
  const run = new AppProcess(process.execPath, [appEntry('bench-cli', 'main.js', ROOT), ...args, '--out', out], env);
  await during?.(`http://127.0.0.1:${env.CLIENT_PORT}`);
  const { code } = await run.exited;
  expect({ code, output: code === 0 ? '' : run.output.slice(-4000) }).toEqual({ code: 0, output: '' });
  const dir = join(out, readdirSync(out)[0]);
  return {
    runs: parse(readFileSync(join(dir, 'runs.csv'), 'utf8'), { columns: true }),
    summary: parse(readFileSync(join(dir, 'summary.csv'), 'utf8'), { columns: true }),
    md: readFileSync(join(dir, 'summary.md'), 'utf8'),
    result: JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')) as BenchRun,
  };
}

/**
 * Until the client shows a measured run of the case in progress: the CLI has done its waiting, and so have the
 * warm-ups, which loops started earlier would slow enough to outlast them. Refused while the apps start.
 */
async function measuring(clientUrl: string): Promise<void> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    try {
      const { calls } = (await (await fetch(`${clientUrl}/client/progress`)).json()) as {
        calls: { progress: { phase: string } | null }[];
      };
      if (calls.some((c) => c.progress?.phase === 'measure')) return;
    } catch {
      // Not listening yet: the CLI is still starting the apps.
    }
  }
  throw new Error('the bench run never started a measured run on the client');
}

const isCores = (cell: string) => /^\d+(\.\d+)?$/.test(cell);

describe('npm run bench: the noise meter', () => {
  const spinners: ChildProcess[] = [];
  let out: string;

  beforeEach(() => {
    out = mkdtempSync(join(tmpdir(), 'wirebench-noise-'));
  });
  afterEach(() => rmSync(out, { recursive: true, force: true }));
  afterAll(() => {
    for (const spinner of spinners) spinner.kill('SIGKILL');
  });

  it(
    "writes each run's foreign CPU, steal and disturbed, and the scenario's, whatever else the machine " + 'does',
    async () => {
      const { runs, summary } = await bench(out);
      expect(runs).toHaveLength(6);
      for (const r of runs) {
        expect([r.foreign_cpu_cores, r.steal_cores].every(isCores)).toBe(true);
        expect(['yes', 'no']).toContain(r.disturbed);
      }
      for (const s of summary) {
        expect(s.disturbed_above).toBe('0.2');
        expect(Number(s.disturbed_runs)).toBe(
          runs.filter((r) => r.variant === s.variant && r.disturbed === 'yes').length,
        );
        expect(isCores(s.max_foreign_cpu_cores)).toBe(true);
      }
    },
  );

  // Bounded on their own too, should afterAll never come.
  const spin = (seconds: number) => {
    for (let i = 0; i < 2; i++)
      spinners.push(
        spawn(process.execPath, ['-e', `const end = Date.now() + ${seconds * 1000}; while (Date.now() < end);`], {
          stdio: 'ignore',
        }),
      );
  };

  it('marks runs disturbed while two busy loops spin beside them, and the verdict says how many', async () => {
    spin(SPIN_SECONDS);
    const { runs, md } = await bench(out);
    const disturbed = runs.filter((r) => r.disturbed === 'yes');
    expect(disturbed.length).toBeGreaterThan(0);
    expect(Math.max(...runs.map((r) => Number(r.foreign_cpu_cores)))).toBeGreaterThan(0.2);
    expect(md).toMatch(/\d+ of 6 runs disturbed, up to [\d.]+ (of a core|cores) beside them/);
  });

  it('npm run load: a level beside the busy loops is marked disturbed in levels.csv and summary.md', async () => {
    for (const spinner of spinners.splice(0)) spinner.kill('SIGKILL');
    spin(SPIN_SECONDS);
    const env = await portsEnv();
    const load = new AppProcess(
      process.execPath,
      [
        appEntry('bench-cli', 'load-main.js', ROOT),
        '--transport',
        'json',
        '--concurrency',
        '4',
        '--duration',
        '2',
        '--warmup',
        '1',
        '--out',
        out,
      ],
      env,
    );
    const { code } = await load.exited;
    expect({ code, output: code === 0 ? '' : load.output.slice(-4000) }).toEqual({ code: 0, output: '' });
    const dir = join(out, readdirSync(out)[0]);
    const [level] = parse(readFileSync(join(dir, 'levels.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect({ disturbed: level.disturbed, steal: isCores(level.steal_cores) }).toEqual({
      disturbed: 'yes',
      steal: true,
    });
    expect(Number(level.foreign_cpu_cores)).toBeGreaterThan(0.2);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(
      /Noise: 1 of 1 levels disturbed, up to [\d.]+ (of a core|cores) beside them\./,
    );
  });

  it(
    '--quiet: measures the runs the busy loops disturbed again, keeps them on record and counted, and the ' +
      'verdict says so',
    async () => {
      // Whatever the earlier test left spinning would disturb every run here, re-runs included.
      for (const spinner of spinners.splice(0)) spinner.kill('SIGKILL');
      const { runs, summary, md, result } = await bench(out, QUIET_ARGS, async (clientUrl) => {
        await measuring(clientUrl);
        spin(SHORT_SPIN_SECONDS);
      });
      // The kept runs are the ones asked for; the replaced ones are counted beside them, at most 3 a scenario.
      expect(runs).toHaveLength(6);
      const replaced = summary.map((s) => Number(s.replaced_disturbed_runs));
      expect(replaced.every((n) => n >= 0 && n <= 3)).toBe(true);
      const total = replaced.reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(0);
      expect(runs.reduce((sum, r) => sum + Number(r.replaced_disturbed), 0)).toBe(total);
      // On record in result.json, each disturbed, out of the runs every figure comes from.
      const onRecord = result.scenarios.flatMap((r) => r.replacedRuns ?? []);
      expect(onRecord).toHaveLength(total);
      for (const r of onRecord) expect(r).toMatchObject({ disturbed: true, foreignCpuCores: expect.any(Number) });
      expect(Math.min(...onRecord.map((r) => r.foreignCpuCores!))).toBeGreaterThan(0.2);
      expect(result.scenarios.map((r) => r.stats.n)).toEqual([3, 3]);
      expect(md).toMatch(
        new RegExp(
          `(\\d+ of 6 runs disturbed, up to [\\d.]+ (of a core|cores) beside them|machine quiet: foreign CPU ≤ ` +
            `[\\d.]+ (of a core|cores)), after ${total} disturbed runs? (was|were) measured again and replaced\\.`,
        ),
      );
    },
  );
});
