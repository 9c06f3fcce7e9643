// The jest benchmark suite: `npm run bench --preset quick` end to end against real servers it starts itself,
// then the files it leaves are read back as a user's spreadsheet would. No assertion on absolute times.
import { RUNS_CSV_COLUMNS, SUMMARY_CSV_COLUMNS } from '@app/printers';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { pidsWithEnv } from './support/processes';
import { portsEnv } from './support/stack';

jest.setTimeout(180_000);

const CLI = appEntry('bench-cli', 'main.js', ROOT);
const COMPARE = appEntry('bench-cli', 'compare-main.js', ROOT);
const QUICK_SCENARIOS = ['single-1', 'single-1000', 'parallel-10x1', 'parallel-4x500'];
const RUNS = 3;

type Row = Record<string, string>;
const readCsv = (file: string): { header: string[]; rows: Row[] } => {
  const text = readFileSync(file, 'utf8');
  const records: string[][] = parse(text, { bom: true });
  return { header: records[0], rows: parse(text, { columns: true, bom: true }) };
};

describe('npm run bench --preset quick', () => {
  const out = mkdtempSync(join(tmpdir(), 'wirebench-bench-'));
  let env: Record<string, string>;
  let bench: AppProcess;
  let stdout = '';
  let exit: { code: number | null };
  let runDir: string;

  beforeAll(async () => {
    env = await portsEnv();
    bench = new AppProcess(
      process.execPath,
      [
        CLI,
        '--preset',
        'quick',
        '--runs',
        String(RUNS),
        '--warmup',
        '1',
        '--out',
        out,
        '--label',
        '=ci, "quick"',
        '--format',
        'table,csv',
      ],
      env,
    );
    bench.child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    exit = await bench.exited;
    const dirs = readdirSync(out);
    expect(dirs).toHaveLength(1);
    runDir = join(out, dirs[0]);
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('exits 0, names the folder after the UTC start and the preset, and stops the apps it started', () => {
    expect(exit.code).toBe(0);
    expect(runDir).toMatch(/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-quick$/);
    expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT)).toEqual([]);
    expect(bench.output).toMatch(/started json-server, grpc-server, client/);
  });

  it('prints progress on stderr and only the table and CSV on stdout', () => {
    for (const name of QUICK_SCENARIOS) expect(bench.output).toMatch(new RegExp(`runs\\] ${name}: json median`));
    expect(stdout).toMatch(/│ scenario\s+│ variant/);
    expect(stdout).not.toMatch(/runs\]/);
    expect(stdout).toContain(SUMMARY_CSV_COLUMNS.map((c) => c.name).join(','));
  });

  it('writes all four files', () => {
    for (const file of ['runs.csv', 'summary.csv', 'result.json', 'summary.md'])
      expect(existsSync(join(runDir, file))).toBe(true);
  });

  it('summary.csv parses back into the documented columns with sane values', () => {
    const { header, rows } = readCsv(join(runDir, 'summary.csv'));
    expect(header).toEqual(SUMMARY_CSV_COLUMNS.map((c) => c.name));
    expect(rows.map((r) => `${r.scenario}/${r.transport}`).sort()).toEqual(
      QUICK_SCENARIOS.flatMap((s) => [`${s}/grpc`, `${s}/json`]).sort(),
    );
    for (const r of rows) {
      const n = (k: string) => Number(r[k]);
      expect(r.verified).toBe('true');
      expect(r.label).toBe(`'=ci, "quick"`); // kept, and defused as a formula
      expect(n('runs')).toBe(RUNS);
      expect(n('min_ms')).toBeGreaterThan(0);
      expect(n('min_ms')).toBeLessThanOrEqual(n('median_ms'));
      expect(n('median_ms')).toBeLessThanOrEqual(n('p90_ms'));
      expect(n('p90_ms')).toBeLessThanOrEqual(n('p99_ms'));
      expect(n('p99_ms')).toBeLessThanOrEqual(n('max_ms') * 1.001);
      expect(n('payload_bytes')).toBeGreaterThan(0);
      expect(n('wire_bytes')).toBeGreaterThan(n('payload_bytes'));
      expect(n('wire_bytes')).toBeCloseTo(n('wire_bytes_in') + n('wire_bytes_out'), 3);
      expect(n('client_cpu_ms')).toBeGreaterThan(0);
      expect(n('server_cpu_ms')).toBeGreaterThan(0);
      expect(n('server_peak_rss_bytes')).toBeGreaterThan(10 * 1024 * 1024);
      expect(n('rows_per_s')).toBeGreaterThan(0);
      expect(r.notes).toBe('');
      for (const [k, v] of Object.entries(r))
        if (/_(ms|bytes|s)$/.test(k) && v !== '') expect(v).toMatch(/^\d+(\.\d+)?$/);
      expect(r.started_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    // The same scenario's payload is smaller as protobuf than as JSON.
    const bytes = (s: string, t: string) =>
      Number(rows.find((r) => r.scenario === s && r.transport === t)!.payload_bytes);
    expect(bytes('single-1000', 'grpc')).toBeLessThan(bytes('single-1000', 'json'));
  });

  it('runs.csv has one row per measured run, in the documented columns', () => {
    const { header, rows } = readCsv(join(runDir, 'runs.csv'));
    expect(header).toEqual(RUNS_CSV_COLUMNS.map((c) => c.name));
    expect(rows).toHaveLength(QUICK_SCENARIOS.length * 2 * RUNS);
    for (const r of rows) {
      expect(r.verified).toBe('true');
      expect(Number(r.ms)).toBeGreaterThan(0);
      expect(Number(r.rows_received)).toBe(Number(r.rows_per_request) * Number(r.requests));
      expect(Number(r.payload_bytes)).toBeGreaterThan(0);
    }
  });

  it('result.json holds the run, its environment and its options', () => {
    const run = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8'));
    expect(run).toMatchObject({ preset: 'quick', label: '=ci, "quick"', endReason: 'completed', error: null });
    expect(run.environment.node).toBe(process.version);
    expect(run.environment.cpu.cores).toBeGreaterThan(0);
    expect(run.options).toMatchObject({ runs: RUNS, warmup: 1, transports: ['json', 'grpc'] });
    expect(run.scenarios).toHaveLength(QUICK_SCENARIOS.length * 2);
    expect(Date.parse(run.endedAt)).toBeGreaterThan(Date.parse(run.startedAt));
  });

  it('bench:compare compares a run with itself: 0 % and no verdict (3 runs a side are too few for one)', () => {
    const result = spawnSync(process.execPath, [COMPARE, join(runDir, 'result.json'), runDir], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    for (const name of QUICK_SCENARIOS) expect(result.stdout).toContain(name);
    expect(result.stdout).not.toMatch(/│ B faster|│ B slower/);
    expect(result.stdout).toMatch(/too few runs/);
  });
});

// Variants against their baselines: the phase columns filled where each path has the phase, the stack adding up,
// and summary.md ending with the why tables and sentences made of this run's numbers.
describe('npm run bench --variants, explained', () => {
  const VARIANTS = ['json', 'grpc', 'grpc-sliced', 'json-undici', 'proto-http', 'json+gzip'];
  const out = mkdtempSync(join(tmpdir(), 'wirebench-explain-'));
  let exit: { code: number | null };
  let runDir: string;
  let stdout = '';
  let output = '';

  beforeAll(async () => {
    const scenarios = join(out, 'scenarios.json');
    writeFileSync(
      scenarios,
      JSON.stringify([
        { name: 'one-2000', rows: 2000 },
        { name: 'fan-20', rows: 1, requests: 20 },
      ]),
    );
    const bench = new AppProcess(
      process.execPath,
      [
        CLI,
        '--scenarios',
        scenarios,
        '--variants',
        VARIANTS.join(','),
        '--runs',
        '5',
        '--warmup',
        '1',
        '--out',
        out,
        '--format',
        'table',
      ],
      await portsEnv(),
    );
    bench.child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    exit = await bench.exited;
    output = bench.output;
    runDir = join(
      out,
      readdirSync(out).find((d) => d !== 'scenarios.json')!,
    );
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("fills each phase where the path has it, and the single request's stack adds up to its time", () => {
    // On failure, the bench's own last words say why.
    expect({ code: exit.code, output: exit.code === 0 ? '' : output.slice(-4000) }).toEqual({ code: 0, output: '' });
    const { rows } = readCsv(join(runDir, 'summary.csv'));
    expect(rows.map((r) => r.variant)).toEqual([...VARIANTS, ...VARIANTS]);
    for (const r of rows) {
      const n = (k: string) => Number(r[k]);
      for (const k of [
        'request_ms',
        'server_generate_ms',
        'server_serialize_ms',
        'ttfb_ms',
        'ttlb_ms',
        'transfer_ms',
        'client_decode_ms',
        'wait_other_ms',
        'client_other_ms',
      ]) {
        expect([r.variant, k, r[k]]).toEqual([r.variant, k, expect.stringMatching(/^\d+(\.\d+)?$/)]);
      }
      expect(r.server_send_ms !== '').toBe(r.transport === 'grpc');
      expect(r.server_compress_ms !== '').toBe(r.variant === 'json+gzip');
      expect(r.client_decompress_ms !== '').toBe(r.variant === 'json+gzip');
      expect(n('ttfb_ms')).toBeLessThanOrEqual(n('ttlb_ms'));
      expect(n('request_ms')).toBeLessThanOrEqual(n('max_ms') * 1.001);
    }
    // One run's means add up exactly; the summary's are medians of each phase, so check the runs.
    for (const r of readCsv(join(runDir, 'runs.csv')).rows.filter((x) => x.scenario === 'one-2000')) {
      const n = (k: string) => Number(r[k] || 0);
      const stack = [
        'server_generate_ms',
        'server_serialize_ms',
        'server_compress_ms',
        'wait_other_ms',
        'transfer_ms',
        'client_decompress_ms',
        'client_decode_ms',
        'client_other_ms',
      ].reduce((a, k) => a + n(k), 0);
      expect(stack).toBeCloseTo(n('request_ms'), 1);
      expect(n('request_ms')).toBeLessThanOrEqual(n('ms') + 0.01);
    }
  });

  it('ends summary.md with why: every factor against its baseline, the figures per variant, and sentences', () => {
    const md = readFileSync(join(runDir, 'summary.md'), 'utf8');
    const why = md.slice(md.indexOf('## Why'));
    for (const pair of [
      'grpc vs json',
      'grpc-sliced vs grpc',
      'json-undici vs json',
      'proto-http vs json',
      'json+gzip vs json',
    ])
      expect(why).toContain(pair);
    expect(why).toMatch(
      new RegExp(
        String.raw`\| one-2000 \| one request of 2,000 rows \| grpc vs json \| transport \(all five\) ` +
          String.raw`\| [\d.]+ \| [\d.]+–[\d.]+ \| (faster|slower|cannot tell) \|`,
      ),
    );
    const sentences = why
      .slice(why.indexOf('### In words'))
      .split('\n')
      .filter((l) => l.startsWith('- '));
    expect(
      sentences.some((l) =>
        /^- For one request of 2,000 rows, gRPC took [\d.]+× JSON's time \(95% CI [\d.]+–[\d.]+\)/.test(l),
      ),
    ).toBe(true);
    expect(sentences.some((l) => /^- For 20 parallel requests of 1 row, gRPC took/.test(l))).toBe(true);
    expect(
      sentences.some((l) =>
        new RegExp(
          String.raw`^- The fastest gRPC-family variant for one request of 2,000 rows, ` +
            String.raw`grpc(-sliced)?, took [\d.]+× json's median time\.$`,
        ).test(l),
      ),
    ).toBe(true);
    expect(md.trimEnd().split('\n').pop()).toMatch(/^- /);
    expect(stdout).toContain('Why:');
  });
});

describe('npm run bench, bad options and interruption', () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [CLI, ...args],
        { env: { PATH: process.env.PATH, ...env } },
        (error, _stdout, stderr) => resolve({ code: error ? (error as any).code : 0, stderr }),
      );
    });

  it.each([
    [['--preset', 'huge'], /--preset must be one of article, quick, full, batching, explain/],
    [['--variants', 'json,nope'], /--variants must list variants from/],
    [['--frobnicate'], /Unknown option '--frobnicate'/],
    [['--runs', '0'], /--runs must be an integer >= 1/],
    [['--format', 'xml'], /--format: .*xml/],
    [['--transport', 'json,soap'], /--transport/],
    [['--rows', '2000000'], /rows must be an integer from 1 to 1000000/],
    [['--preset', 'quick', '--rows', '5'], /cannot be combined/],
    [['--scenarios', '/nonexistent.json'], /cannot|ENOENT/],
  ])('%p exits 2 with a clear message', async (args, message) => {
    const { code, stderr } = await run(args as string[]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message as RegExp);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--network wan without Toxiproxy exits 2 in one line saying how to install it', async () => {
    const { code, stderr } = await run(['--network', 'wan'], { TOXIPROXY_BIN: '/nonexistent/toxiproxy-server' });
    expect(code).toBe(2);
    expect(stderr).toMatch(/--network wan needs Toxiproxy: .*setup:toxiproxy/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('Ctrl-C mid-run keeps complete files for the scenarios that finished and stops the apps', async () => {
    const out = mkdtempSync(join(tmpdir(), 'wirebench-int-'));
    const env = await portsEnv();
    const bench = new AppProcess(
      process.execPath,
      [CLI, '--preset', 'quick', '--runs', '30', '--warmup', '0', '--out', out, '--format', 'json'],
      env,
    );
    try {
      await bench.waitFor(/runs\] single-1: json median/, 60_000);
      bench.child.kill('SIGINT');
      const { code } = await bench.exited;
      expect(code).toBe(130);
      const dir = join(out, readdirSync(out)[0]);
      const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));
      expect(result.endReason).toBe('interrupted');
      const finished = result.scenarios.length;
      expect(finished).toBeGreaterThanOrEqual(2);
      expect(finished).toBeLessThan(QUICK_SCENARIOS.length * 2);
      expect(readCsv(join(dir, 'summary.csv')).rows).toHaveLength(finished);
      expect(readCsv(join(dir, 'runs.csv')).rows).toHaveLength(finished * 30);
      for (let i = 0; i < 40 && pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT).length > 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT)).toEqual([]);
    } finally {
      await bench.stop();
      rmSync(out, { recursive: true, force: true });
    }
  });
});
