import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

// The scripts are plain CommonJS (they run before anything is built), so their types are spelled here.
const { readRuntimeSubset, runtimeJestArgs } = require('./runtime-subset.js') as {
  readRuntimeSubset: (file?: string, root?: string) => string[];
  runtimeJestArgs: (e2eFiles: string[], extra?: string[]) => string[];
};

const ROOT = join(__dirname, '..');

describe('the runtime subset (test/runtime-subset.json)', () => {
  it('names e2e specs that exist, the browser suite among them', () => {
    const e2e = readRuntimeSubset();
    expect(e2e).toContain('test/report-browser.e2e-spec.ts');
    expect(e2e).toContain('test/this-node.e2e-spec.ts');
  });

  it('refuses a list naming a file that is not there, or that is not a list of e2e specs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wirebench-runtime-subset-'));
    try {
      const file = join(dir, 'subset.json');
      writeFileSync(file, JSON.stringify({ e2e: ['test/gone.e2e-spec.ts'] }));
      expect(() => readRuntimeSubset(file, ROOT)).toThrow(/names test\/gone\.e2e-spec\.ts, which do not exist/);
      writeFileSync(file, JSON.stringify({ e2e: [] }));
      expect(() => readRuntimeSubset(file, ROOT)).toThrow(/non-empty list of test\/\*\.e2e-spec\.ts files/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("selects, in jest's own listing, every unit spec and exactly the subset's e2e specs", () => {
    const jest = require.resolve('jest/bin/jest');
    const list = (args: string[]) => {
      const r = spawnSync(process.execPath, [jest, '--listTests', '--json', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(0);
      return (JSON.parse(r.stdout) as string[]).map((f) => relative(ROOT, f)).sort();
    };
    const e2e = readRuntimeSubset();
    const units = list(['--selectProjects', 'unit']);
    expect(units.length).toBeGreaterThan(100);
    expect(list(runtimeJestArgs(e2e, ['--ci']))).toEqual([...units, ...e2e].sort());
  }, 60_000);
});
