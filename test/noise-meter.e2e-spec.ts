// The noise meter end to end: a bench run made while two busy loops of this test's own spin beside it (one per core
// of a 2-core machine) has runs marked disturbed in runs.csv and a verdict that says so; a run without them writes
// the same columns, but other jobs may share this machine, so it is only asked to parse, not to be quiet.
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { portsEnv } from './support/stack';

jest.setTimeout(240_000);

const SPIN_SECONDS = 90;
// Rows enough for runs of tens of milliseconds: a run of a few is within the /proc/stat ticks' rounding.
const ARGS = ['--variants', 'json,grpc', '--rows', '20000', '--runs', '3', '--warmup', '1'];

async function bench(out: string): Promise<{ runs: Record<string, string>[]; summary: Record<string, string>[]; md: string }> {
  const run = new AppProcess(process.execPath, [appEntry('bench-cli', 'main.js', ROOT), ...ARGS, '--out', out], await portsEnv());
  const { code } = await run.exited;
  expect({ code, output: code === 0 ? '' : run.output.slice(-4000) }).toEqual({ code: 0, output: '' });
  const dir = join(out, readdirSync(out)[0]);
  return {
    runs: parse(readFileSync(join(dir, 'runs.csv'), 'utf8'), { columns: true }),
    summary: parse(readFileSync(join(dir, 'summary.csv'), 'utf8'), { columns: true }),
    md: readFileSync(join(dir, 'summary.md'), 'utf8'),
  };
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

  it('writes each run\'s foreign CPU, steal and disturbed, and the scenario\'s, whatever else the machine does', async () => {
    const { runs, summary } = await bench(out);
    expect(runs).toHaveLength(6);
    for (const r of runs) {
      expect([r.foreign_cpu_cores, r.steal_cores].every(isCores)).toBe(true);
      expect(['yes', 'no']).toContain(r.disturbed);
    }
    for (const s of summary) {
      expect(s.disturbed_above).toBe('0.2');
      expect(Number(s.disturbed_runs)).toBe(runs.filter((r) => r.variant === s.variant && r.disturbed === 'yes').length);
      expect(isCores(s.max_foreign_cpu_cores)).toBe(true);
    }
  });

  it('marks runs disturbed while two busy loops spin beside them, and the verdict says how many', async () => {
    for (let i = 0; i < 2; i++) {
      // Bounded on its own too, should afterAll never come.
      spinners.push(spawn(process.execPath, ['-e', `const end = Date.now() + ${SPIN_SECONDS * 1000}; while (Date.now() < end);`], { stdio: 'ignore' }));
    }
    const { runs, md } = await bench(out);
    const disturbed = runs.filter((r) => r.disturbed === 'yes');
    expect(disturbed.length).toBeGreaterThan(0);
    expect(Math.max(...runs.map((r) => Number(r.foreign_cpu_cores)))).toBeGreaterThan(0.2);
    expect(md).toMatch(/\d+ of 6 runs disturbed, up to [\d.]+ (of a core|cores) beside them/);
  });
});
