import type { RunSample } from '../result/result.interface';
import type { ClientPhases } from '../transport-contract/rows-transport.interface';
import { medianRunPhases, middleRuns, scenarioWallParts } from './median-run';
import { requestPhases } from '../phases/request-phases';
import { WALL_PARTS } from '../phases/wall-parts';

const phases = (requestMs: number, ttfbMs: number) =>
  requestPhases(requestMs, {
    ttfbMs,
    ttlbMs: ttfbMs + 1,
    decompressMs: null,
    decodeMs: 0.5,
    server: { generateMs: 1, serializeMs: 1 },
    notes: [],
  } satisfies ClientPhases);

const run = (ms: number, over: Partial<RunSample> = {}): RunSample => ({
  run: 1,
  at: '',
  ms,
  rowsReceived: 1,
  payloadBytes: 1,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
  phases: phases(ms, ms - 3),
  ...over,
});

describe('the median run', () => {
  it('is the middle run of an odd count and the two middle runs of an even one', () => {
    expect(middleRuns([run(5), run(1), run(9)]).map((r) => r.ms)).toEqual([5]);
    expect(middleRuns([run(5), run(1), run(9), run(7)]).map((r) => r.ms)).toEqual([5, 7]);
    expect(middleRuns([])).toEqual([]);
  });

  it('gives phases that add up to its request time, where field-by-field medians need not', () => {
    const p = medianRunPhases([run(10), run(30), run(20)])!;
    expect(p.requestMs).toBe(20);
    expect(p.ttfbMs).toBe(17);
    expect(medianRunPhases([run(10, { phases: null }), run(30), run(20)])).not.toBeNull();
    expect(medianRunPhases([run(10), run(30), run(20, { phases: null })])).toBeNull();
  });

  it("cuts the median run's wall time into parts that add up to the median", () => {
    const w = scenarioWallParts({ requests: 1, runs: [run(10), run(40), run(20), run(30)] })!;
    expect(w.wallMs).toBe(25);
    expect(WALL_PARTS.reduce((sum, part) => sum + w.parts[part], 0)).toBeCloseTo(25, 9);
  });

  it('has no parts for a parallel run from a file written before runs kept their critical path', () => {
    expect(scenarioWallParts({ requests: 4, runs: [run(10)] })).toBeNull();
    const path = { wallMs: 12, queueMs: 2, phases: phases(10, 7) };
    expect(scenarioWallParts({ requests: 4, runs: [run(12, { path })] })!.parts.queue).toBe(2);
  });
});
