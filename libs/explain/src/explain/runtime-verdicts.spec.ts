import { printMarkdown, printTable, runtimeTable } from '@app/printers';
import type { BenchRun } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { SAMPLE_RUN } from '../fixtures/sample-run';
import { caseOnRuntime, NODE20, NODE26 } from '../fixtures/runtime-results';
import { runtimeVerdicts } from './runtime-verdicts';

/** One case on one runtime: JSON and gRPC, each [median ms, serialize ms]. */
const onRuntime = (
  caseName: string,
  runtime: typeof NODE20,
  json: [number, number],
  grpc: [number, number],
): ScenarioResult[] => caseOnRuntime(caseName, runtime, { json, grpc });

const run = (scenarios: ScenarioResult[]): BenchRun => ({ ...SAMPLE_RUN, preset: 'runtimes', scenarios });

// 1-2: gRPC faster on 20, JSON faster on 26 (JSON's serialize phase more than halved). 1-3: JSON faster on both, and
// no phase moved beyond its interval.
const FIXTURE = run([
  ...onRuntime('1-2', NODE20, [100, 40], [90, 30]),
  ...onRuntime('1-3', NODE20, [500, 200], [1_400, 300]),
  ...onRuntime('1-2', NODE26, [70, 10], [90, 30]),
  ...onRuntime('1-3', NODE26, [500, 200], [1_400, 300]),
]);

describe('runtimeVerdicts', () => {
  it('gives, per case and runtime, gRPC/JSON with its interval and the side it names', () => {
    const v = runtimeVerdicts(FIXTURE)!;
    expect(v.runtimes.map((r) => r.words)).toEqual(['Node 20.20.2', 'Node 26.10.0']);
    expect(v.rows.map((r) => [r.caseName, r.runtime, r.ratio.toFixed(2), r.verdict])).toEqual([
      ['1-2', 'node20.20.2', '0.90', 'grpc'],
      ['1-2', 'node26.10.0', '1.29', 'json'],
      ['1-3', 'node20.20.2', '2.80', 'json'],
      ['1-3', 'node26.10.0', '2.80', 'json'],
    ]);
    for (const r of v.rows) {
      expect(r.ratioCi!.low).toBeLessThan(r.ratio);
      expect(r.ratioCi!.high).toBeGreaterThan(r.ratio);
    }
  });

  it('says where the verdict changes with the runtime, and where it does not', () => {
    const [flips, moved, holds] = runtimeVerdicts(FIXTURE)!.sentences;
    expect(flips).toMatch(
      new RegExp(
        String.raw`^1-2 \(one request of 100,000 rows\): gRPC\/JSON 0\.90× \(95% CI [\d.]+–[\d.]+\) ` +
          String.raw`on Node 20\.20\.2, 1\.29× \(95% CI [\d.]+–[\d.]+\) on Node 26\.10\.0\.`,
      ),
    );
    expect(flips).toContain(
      'The verdict changes with the runtime: gRPC is faster on Node 20.20.2, JSON on Node 26.10.0.',
    );
    expect(moved).toMatch(
      new RegExp(
        String.raw`^1-2 on Node 26\.10\.0, against Node 20\.20\.2: the JSON server's serialize phase ` +
          String.raw`is 0\.25× Node 20\.20\.2's \(95% CI [\d.]+–[\d.]+; 40\.0 ms → 10\.0 ms\)`,
      ),
    );
    expect(holds).toContain(
      'JSON is faster on every runtime where the runs tell them apart: the verdict does not change with the runtime.',
    );
  });

  it('names only the phases whose ratio interval excludes 1', () => {
    const v = runtimeVerdicts(FIXTURE)!;
    // 1-2's JSON serialize phase fell from 40 to 10 ms (its request by as much); gRPC's did not move; 1-3 did not move.
    expect(v.moves.map((m) => [m.caseName, m.side, m.field])).toEqual([['1-2', 'json', 'serverSerializeMs']]);
    expect(v.moves[0].ratio.high).toBeLessThan(1);
  });

  it('is absent with one runtime, so other runs keep their summary', () => {
    expect(runtimeVerdicts(run(onRuntime('1-2', NODE20, [100, 40], [90, 30])))).toBeNull();
    expect(runtimeVerdicts(SAMPLE_RUN)).toBeNull();
    expect(printMarkdown(SAMPLE_RUN)).not.toContain('## By runtime');
  });

  it('is a table in summary.md and on the terminal', () => {
    const v = runtimeVerdicts(FIXTURE)!;
    const row = runtimeTable(v).rows[1];
    expect(row.slice(0, 5)).toEqual(['1-2 (100,000 rows)', 'Node 26.10.0', '70.00', '90.00', '1.29']);
    expect(row[6]).toBe('json');
    const md = printMarkdown(FIXTURE);
    expect(md).toContain('## By runtime');
    expect(md).toContain('| case | runtime | JSON median ms | gRPC median ms | gRPC/JSON | ratio 95% CI | faster |');
    expect(md).toContain("- 1-2 on Node 26.10.0, against Node 20.20.2: the JSON server's serialize phase");
    expect(printTable(FIXTURE)).toContain('By runtime:');
  });
});

describe('runtimeVerdicts when no runtime tells the two apart', () => {
  it('says so once', () => {
    const close = run([
      ...onRuntime('1-1', NODE20, [100, 40], [100.2, 40]),
      ...onRuntime('1-1', NODE26, [100, 40], [99.9, 40]),
    ]);
    expect(runtimeVerdicts(close)!.sentences).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`on Node 26\.10\.0\. The runs cannot tell JSON and gRPC apart on any runtime: ` +
            String.raw`each ratio's 95% interval spans 1\.$`,
        ),
      ),
    ]);
  });
});

describe('runtimeVerdicts when one runtime alone tells the two apart', () => {
  it('names that runtime only, and claims no verdict that holds across runtimes', () => {
    const wide = (r: ScenarioResult[]) =>
      r.map((x) => ({ ...x, runs: x.runs.map((s, i) => ({ ...s, ms: s.ms * [0.5, 0.8, 1, 1.3, 1.9][i] })) }));
    const one = run([
      ...wide(onRuntime('1-1', NODE20, [100, 40], [110, 40])),
      ...onRuntime('1-1', NODE26, [100, 40], [130, 40]),
    ]);
    const [sentence] = runtimeVerdicts(one)!.sentences;
    expect(sentence).toMatch(
      new RegExp(
        String.raw` JSON is faster on Node 26\.10\.0 only \(the runs cannot tell them apart on Node ` +
          String.raw`20\.20\.2: the ratio's 95% interval spans 1\)\.$`,
      ),
    );
    expect(sentence).not.toContain('does not change');
  });
});
