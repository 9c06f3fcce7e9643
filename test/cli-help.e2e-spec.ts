// Every command a user runs answers --help and refuses a flag it does not know, before it starts anything: the
// built bench-cli entries and the scripts package.json runs with flags. A regression here once ran a 15 s measurement
// (and started the servers) for `npm run bench:overhead -- --help`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appEntry } from '@app/bootstrap';
import { shapeNames } from '@app/shapes';
import { cleanEnv, ROOT } from './support/app-process';
import { pidsWithEnv } from './support/processes';
import { portsEnv } from './support/stack';

const CLIS: [string, string][] = [
  ['bench', appEntry('bench-cli', 'main.js', ROOT)],
  ['bench:compare', appEntry('bench-cli', 'compare-main.js', ROOT)],
  ['bench:overhead', appEntry('bench-cli', 'overhead-main.js', ROOT)],
  ['load', appEntry('bench-cli', 'load-main.js', ROOT)],
  ['report', appEntry('bench-cli', 'report-main.js', ROOT)],
  ['calibration-server', appEntry('bench-cli', 'calibration-server-main.js', ROOT)],
  ['setup:node', appEntry('bench-cli', 'setup-node-main.js', ROOT)],
  ['soak', join(ROOT, 'scripts', 'soak-probe.js')],
  ['start:all', join(ROOT, 'scripts', 'start-all.js')],
  ['screenshots', join(ROOT, 'scripts', 'screenshots.js')],
];
describe('every CLI: --help and an unknown flag', () => {
  let ports: Record<string, string>;
  const folders: string[] = [];

  beforeAll(async () => {
    // Free ports: were a command to start the servers after all, it would not reach for the default ones.
    ports = await portsEnv();
  });
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  /**
   * Runs one command with a results folder and a process marker of its own, and returns what it did: its exit, its
   * output, how long it took, what it wrote and which processes it left (ended here, so one failure stays one).
   */
  function run(entry: string, args: string[]) {
    const resultsDir = mkdtempSync(join(tmpdir(), 'wirebench-cli-help-'));
    folders.push(resultsDir);
    const marker = `cli-help-${process.pid}-${folders.length}`;
    const env = cleanEnv({ ...ports, RESULTS_DIR: resultsDir, WIREBENCH_TEST_MARKER: marker });
    const started = Date.now();
    const r = spawnSync(process.execPath, [entry, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
    const ms = Date.now() - started;
    const left = pidsWithEnv('WIREBENCH_TEST_MARKER', marker);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms, written: readdirSync(resultsDir), left };
  }

  it.each(CLIS)('%s --help prints its usage on stdout and exits 0, running nothing', (_name, entry) => {
    const { code, stdout, stderr, ms, written, left } = run(entry, ['--help']);
    expect({ code, stderr, written, left }).toEqual({ code: 0, stderr: '', written: [], left: [] });
    expect(stdout).toMatch(/^usage: /i);
    // Well under the 15 s measurement that regression ran; loading a CLI's modules alone takes 2 s of CPU here and
    // took 5.3 s once on a busy CI runner, so the bound leaves room for that and none for a measurement.
    expect(ms).toBeLessThan(10_000);
  });

  it.each(CLIS)('%s --bogus is one line naming the flag on stderr, exit 2, running nothing', (_name, entry) => {
    const { code, stdout, stderr, ms, written, left } = run(entry, ['--bogus']);
    expect({ code, stdout, written, left }).toEqual({ code: 2, stdout: '', written: [], left: [] });
    expect(stderr).toMatch(/^[^\n]*'--bogus'[^\n]*\n$/);
    expect(ms).toBeLessThan(10_000);
  });
});

describe('npm run bench --shapes', () => {
  const entry = appEntry('bench-cli', 'main.js', ROOT);
  let ports: Record<string, string>;
  beforeAll(async () => {
    ports = await portsEnv();
  });

  it("refuses an unknown shape in one line listing the registry's, exit 2, before starting anything", () => {
    const resultsDir = mkdtempSync(join(tmpdir(), 'wirebench-cli-shapes-'));
    const marker = `cli-shapes-${process.pid}`;
    try {
      const r = spawnSync(process.execPath, [entry, '--shapes', 'numeric,nope', '--rows', '1'], {
        cwd: ROOT,
        env: cleanEnv({ ...ports, RESULTS_DIR: resultsDir, WIREBENCH_TEST_MARKER: marker }),
        encoding: 'utf8',
        timeout: 10_000,
      });
      expect({
        code: r.status,
        stdout: r.stdout,
        written: readdirSync(resultsDir),
        left: pidsWithEnv('WIREBENCH_TEST_MARKER', marker),
      }).toEqual({ code: 2, stdout: '', written: [], left: [] });
      expect(r.stderr).toMatch(
        new RegExp(
          `^[^\\n]*--shapes must list shapes from ${shapeNames().join(', ')}, got "nope" \\(see --help\\)\\n$`,
        ),
      );
    } finally {
      rmSync(resultsDir, { recursive: true, force: true });
    }
  });

  it('lists every shape of the registry in --help', () => {
    const r = spawnSync(process.execPath, [entry, '--help'], {
      cwd: ROOT,
      env: cleanEnv(ports),
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(r.stdout).toContain(
      `--shapes LIST        message shapes every case runs with: any of ${shapeNames().join(', ')}`,
    );
  });
});
