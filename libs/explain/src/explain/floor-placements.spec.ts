import { floorTable, printMarkdown } from '@app/printers';
import { connectCase, connectRun } from '../fixtures/connect-results';
import { SAMPLE_RUN } from '../fixtures/sample-run';
import { floorPlacements } from './floor-placements';

const MILLION = { mode: 'single' as const, rows: 1_000_000, requests: 1 };

/**
 * One request of 1,000,000 rows: JSON's fastest Node path is json-stream (3,000 ms, beside json-undici's 6,000) against
 * go-json-stream's 1,200 (go-json is slower); gRPC's is grpc-sliced at 9,000 against go-grpc at 1,250 with 2 runs a
 * side only; connect has no floor.
 */
const floorRun = () =>
  connectRun([
    ...connectCase('rows-1000000', MILLION, {
      'json-undici': 6000,
      'json-stream': 3000,
      'go-json': 1500,
      'go-json-stream': 1200,
      'grpc-sliced': { ms: 9000, runs: 2 },
      'go-grpc': { ms: 1250, runs: 2 },
      'connect-proto': 7000,
    }),
  ]);

describe('floorPlacements', () => {
  it("places each family's fastest Node path against its fastest Go variant; a family without one is left out", () => {
    const p = floorPlacements(floorRun())!;
    expect(p.rows.map((r) => [r.family, r.best, r.floor, r.versus.medianRatio.toFixed(2)])).toEqual([
      ['json', 'json-stream', 'go-json-stream', '2.50'],
      ['grpc', 'grpc-sliced', 'go-grpc', '7.20'],
    ]);
  });

  it('says each ratio with the verdict phrase of every sentence: a side only when the interval excludes 1', () => {
    const { rows, sentences } = floorPlacements(floorRun())!;
    const ci = rows[0].versus.ratioCi!;
    expect(ci.high).toBeGreaterThan(1);
    expect(sentences[0]).toBe(
      "rows-1000000 (one request of 1,000,000 rows): JSON's fastest Node path, json-stream, took 2.50× the Go " +
        `floor's time (go-json-stream, 95% CI ${ci.low.toFixed(2)}–${ci.high.toFixed(2)}): go-json-stream is faster.`,
    );
    expect(sentences[1]).toContain(
      "gRPC's fastest Node path, grpc-sliced, took 7.20× the Go floor's time (go-grpc, 95% CI ",
    );
    expect(sentences[1]).toMatch(/: no verdict \(2 runs a side cannot tell these apart; use --runs 5 or more\)\.$/);
  });

  it('is null for a run without a Go variant, or with one but no Node path of its family beside it', () => {
    expect(floorPlacements(SAMPLE_RUN)).toBeNull();
    expect(floorPlacements(connectRun(connectCase('x', MILLION, { 'go-json': 1000, grpc: 2000 })))).toBeNull();
  });

  it('is printed as a table with its sentences in summary.md', () => {
    const table = floorTable(floorPlacements(floorRun())!);
    expect(table.rows[0]).toEqual(expect.arrayContaining(['json', 'json-stream', 'go-json-stream', '2.50']));
    const md = printMarkdown(floorRun());
    expect(md).toContain('## The native floor: fastest Node path against Go');
    expect(md).toContain("JSON's fastest Node path, json-stream, took 2.50× the Go floor's time");
  });
});
