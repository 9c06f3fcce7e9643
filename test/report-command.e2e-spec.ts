// npm run report through the built entry: one run folder gets its report.html rewritten, several runs make one
// overlaid report at --out (a bare file name lands in the results folder), and a path that is not a run is one clear
// line and exit 2.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchRun, loadRun } from '../libs/report/src/fixtures/report-runs';

const ENTRY = join(__dirname, '..', 'dist', 'apps', 'bench-cli', 'apps', 'bench-cli', 'src', 'report-main.js');

function report(args: string[], where: { cwd?: string; resultsDir?: string } = {}) {
  const env = where.resultsDir ? { ...process.env, RESULTS_DIR: where.resultsDir } : process.env;
  const r = spawnSync(process.execPath, [ENTRY, ...args], { encoding: 'utf8', timeout: 20_000, cwd: where.cwd, env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run report (dist entry)', () => {
  let root: string;
  const folder = (name: string, run: object) => {
    const dir = join(root, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'result.json'), JSON.stringify(run));
    return dir;
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'wirebench-report-cli-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("rewrites one run folder's report.html and prints its path and size", () => {
    const dir = folder('bench', benchRun({ runs: 3 }));
    const { code, stdout, stderr } = report([dir]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const file = join(dir, 'report.html');
    expect(stdout).toBe(`${file} (${statSync(file).size.toLocaleString('en-US')} bytes)\n`);
    expect(readFileSync(file, 'utf8')).toContain('id="chart-time-vs-rows"');
  });

  it('overlays two runs (bench and load alike) into --out, naming each run', () => {
    const a = folder('a', benchRun({ runs: 3, label: 'first-label' }));
    const b = join(folder('b', loadRun({ label: 'load-label' })), 'result.json');
    const out = join(root, 'out', 'both.html');
    const { code, stdout } = report([a, b, '--out', out]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/both\.html \([\d,]+ bytes\)\n$/);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('2 runs overlaid');
    expect(html).toContain('first-label · json');
    expect(html).toContain('load-label · json');
    expect(existsSync(join(root, 'b', 'report.html'))).toBe(false);
  });

  it(
    "writes --out ab.html (docs/report.md's example) in the results folder, not the folder it ran from; " +
      './ab.html there',
    () => {
      const run = folder('readme', benchRun({ runs: 3 }));
      const cwd = join(root, 'repo');
      const resultsDir = join(root, 'results');
      mkdirSync(cwd);
      const bare = report([run, '--out', 'ab.html'], { cwd, resultsDir });
      expect({ code: bare.code, stderr: bare.stderr, stdout: bare.stdout }).toEqual({
        code: 0,
        stderr: '',
        stdout: expect.stringMatching(/^.*\/results\/ab\.html \(/),
      });
      expect(existsSync(join(resultsDir, 'ab.html'))).toBe(true);
      expect(existsSync(join(cwd, 'ab.html'))).toBe(false);
      expect(report([run, '--out', './here.html'], { cwd, resultsDir }).code).toBe(0);
      expect(existsSync(join(cwd, 'here.html'))).toBe(true);
    },
  );

  it('says in one line why a path is not a run, exit 2', () => {
    const missing = report([join(root, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^wirebench report: .*nope: cannot read: ENOENT \(see --help\)\n$/);
    const notRun = join(root, 'not-a-run.json');
    writeFileSync(notRun, '{"hello": 1}');
    expect(report([notRun])).toMatchObject({ code: 2, stderr: expect.stringContaining('not a wirebench result.json') });
    expect(report([])).toMatchObject({ code: 2, stderr: expect.stringContaining('no run given') });
    expect(report(['--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: npm run report') });
  });
});
