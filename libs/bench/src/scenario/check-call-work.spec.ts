import { loadConfig } from '@app/config';
import type { Scenario } from './scenario.interface';
import { ScenarioValidationError } from './scenario-validation.error';
import { callRequests, callWork, checkCallWork } from './check-call-work';

const scenario = (transport: 'json' | 'grpc', over: Partial<Scenario> = {}): Scenario => ({
  name: 'x',
  transport,
  variant: transport,
  shape: 'row',
  mode: 'single',
  rowsPerRequest: 1_000_000,
  chunkRows: null,
  requests: 1,
  concurrency: 1,
  runs: 5,
  warmup: 2,
  ...over,
});

describe('checkCallWork', () => {
  const maxCallRows = loadConfig({}).limits.maxCallRows;

  it(
    "counts warm-up, measured and wire runs on every transport, and lets the article preset's largest case " +
      'through',
    () => {
      // npm run bench: 1,000,000 rows, 5 runs + 2 warm-up, wire pass on, both transports in one /client/bench call.
      const article = [scenario('json'), scenario('grpc')];
      expect(callWork(article, true)).toBe((1_000_000 * (2 + 5 + 1) + 1) * 2);
      expect(callWork(article, false)).toBe(1_000_000 * 7 * 2);
      expect(() => checkCallWork(article, true, maxCallRows)).not.toThrow();
      expect(
        callWork(
          [scenario('json', { mode: 'parallel', rowsPerRequest: 20, requests: 1000, runs: 3, warmup: 0 })],
          false,
        ),
      ).toBe(60_000);
    },
  );

  it('accepts the limit itself and refuses one row more, naming MAX_CALL_ROWS and the work', () => {
    const one = [scenario('json', { rowsPerRequest: 10, runs: 1, warmup: 0 })];
    expect(() => checkCallWork(one, false, 10)).not.toThrow();
    let error: unknown;
    try {
      checkCallWork(one, true, 20);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioValidationError);
    const e = error as ScenarioValidationError;
    expect(e.parameter).toBe('MAX_CALL_ROWS');
    expect(e.limit).toEqual({ max: 20 });
    expect(e.message).toContain('MAX_CALL_ROWS 20');
    expect(e.message).toContain('21 rows');
  });

  it('refuses 150 runs of the largest case on both transports at the default limit', () => {
    expect(() =>
      checkCallWork([scenario('json', { runs: 150 }), scenario('grpc', { runs: 150 })], false, maxCallRows),
    ).toThrow(/MAX_CALL_ROWS 200000000/);
  });
});

describe('callRequests', () => {
  it(
    'counts every request of warm-up, measured runs and the wire pass (two runs of the same requests), on ' +
      'every transport',
    () => {
      const parallel = (transport: 'json' | 'grpc') =>
        scenario(transport, { mode: 'parallel', rowsPerRequest: 1, requests: 20_000, runs: 1, warmup: 0 });
      // GET /client/grpc/parallel/20000: one run of 20,000 calls, CLIENT_HEAVY_CALL_REQUESTS by default.
      expect(callRequests([parallel('grpc')], false)).toBe(20_000);
      expect(callRequests([parallel('json'), parallel('grpc')], true)).toBe(2 * 20_000 * 3);
      expect(callRequests([scenario('json')], false)).toBe(7);
    },
  );
});
