import { sampleLevel, timedOutLevel } from './fixtures/sample-level';
import { LoadSweep } from './load-sweep';

const atLimit = (concurrency: number) =>
  timedOutLevel({ concurrency, generatorSaturated: true, generatorCoreShare: 0.95 });

describe('LoadSweep', () => {
  it('stops above the level where this machine was the limit, says so, and succeeds when the levels below did', () => {
    const sweep = new LoadSweep(2);
    for (const c of [1, 10, 100]) {
      expect(sweep.runs(c, `json c=${c}`)).toBe(true);
      expect(sweep.record(`json c=${c}`, sampleLevel({ concurrency: c }), 10_000)).toBeNull();
    }
    expect(sweep.runs(500, 'json c=500')).toBe(true);
    expect(sweep.record('json c=500', atLimit(500), 10_000)).toMatch(
      new RegExp(
        String.raw`^json c=500: the load generator \(this machine\) was the limit, not the server: 53 ` +
          String.raw`of 40,053 requests failed: 53 timed out`,
      ),
    );
    // The other server at the same concurrency still runs; nothing above it does.
    expect(sweep.runs(500, 'grpc c=500')).toBe(true);
    expect(sweep.runs(1000, 'json c=1000')).toBe(false);
    expect(sweep.runs(1000, 'grpc c=1000')).toBe(false);
    expect(sweep.stopped()).toMatch(
      new RegExp(
        String.raw`^stopped at c=500: the load generator \(this machine\) was the limit, not the ` +
          String.raw`server: .* \(json c=500\); not run: json c=1000, grpc c=1000$`,
      ),
    );
    expect(sweep.failure()).toBeNull();
  });

  it('fails on a level that failed with the machine not at its limit, naming it', () => {
    const sweep = new LoadSweep(2);
    sweep.record('json c=10', sampleLevel({ concurrency: 10 }), 10_000);
    sweep.record(
      'grpc c=10',
      sampleLevel({ transport: 'grpc', concurrency: 10, requests: 100, successes: 90, errors: { UNAVAILABLE: 10 } }),
      10_000,
    );
    expect(sweep.stopped()).toBeNull();
    expect(sweep.failure()).toBe(
      'grpc c=10: 10 of 100 requests failed: UNAVAILABLE 10; is http://127.0.0.1:3001 still up?',
    );
  });

  it('fails when no level succeeded below the limit', () => {
    const sweep = new LoadSweep(2);
    sweep.record('json c=500', atLimit(500), 10_000);
    expect(sweep.failure()).toMatch(/^no level succeeded below this machine's limit: json c=500: the load generator/);
  });
});
