// Real runs through the CLI, read back from result.json: no sentence disagrees with its verdict or its table, the
// breakdown of each variant adds up to its median, and the gap's parts to the gap (the invariants the property test
// checks over generated results, libs/explain/src/explain/verdict-words.property.spec.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchRun } from '@app/bench';
import { explainRun } from '@app/explain';
import { appEntry } from '@app/bootstrap';
import { checkCase } from '../libs/explain/src/explain/fixtures/verdict-invariants';
import { AppProcess, ROOT } from './support/app-process';
import { portsEnv } from './support/stack';

async function benchRun(args: string[]): Promise<BenchRun> {
  const out = mkdtempSync(join(tmpdir(), 'wirebench-verdict-words-'));
  try {
    const bench = new AppProcess(
      process.execPath,
      [appEntry('bench-cli', 'main.js', ROOT), ...args, '--format', 'json', '--out', out],
      await portsEnv(),
    );
    const { code } = await bench.exited;
    expect({ code, output: code === 0 ? '' : bench.output.slice(-4000) }).toEqual({ code: 0, output: '' });
    const [dir] = readdirSync(out);
    return JSON.parse(readFileSync(join(out, dir, 'result.json'), 'utf8')) as BenchRun;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe('the words of real runs', () => {
  it.each([
    ['the quick preset (one request and parallel batches)', ['--preset', 'quick', '--runs', '5', '--warmup', '1']],
    [
      'two shapes at one size',
      ['--shapes', 'row,binary', '--variants', 'json,grpc', '--rows', '2000', '--runs', '5', '--warmup', '1'],
    ],
  ])(
    'agree with their numbers: %s',
    async (_name, args) => {
      const run = await benchRun(args);
      const { cases } = explainRun(run);
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) {
        // Every run kept the request that set its time, so every variant has a breakdown of its median.
        for (const r of run.scenarios.filter((s) => s.name === c.scenario))
          expect(r.runs.every((s) => s.path)).toBe(true);
        expect(c.gap).not.toBeNull();
        checkCase(
          c,
          run.scenarios.filter((s) => s.name === c.scenario),
        );
      }
    },
    240_000,
  );
});
