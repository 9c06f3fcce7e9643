import { progressLine } from './progress-line';

describe('progressLine', () => {
  const progress = {
    variant: 'grpc-stream',
    shape: 'row',
    mode: 'single' as const,
    phase: 'measure' as const,
    run: 1,
    of: 1,
    rowsPerRun: 5_000_000,
    rowsSoFar: 2_310_000,
    requestsPerRun: 1,
    streamed: true,
    repliesSoFar: 0,
  };
  const call = 'GET /client/grpc/single/5000000?variant=grpc-stream&chunk=10000';

  it('says what the call fetches, which run it is in, its rows so far and how long it has run', () => {
    expect(progressLine({ call, forMs: 31_400, progress })).toBe(
      'grpc-stream single 5,000,000 rows: measured run 1/1, 2,310,000 rows so far, 31 s (GET ' +
        '/client/grpc/single/5000000?variant=grpc-stream&chunk=10000)',
    );
    expect(
      progressLine({ call, forMs: 6_000, progress: { ...progress, phase: 'warmup', run: 2, of: 3, rowsSoFar: 0 } }),
    ).toMatch(/: warm-up run 2\/3, 0 rows so far, 6 s/);
    expect(progressLine({ call, forMs: 6_000, progress: { ...progress, phase: 'wire' } })).toMatch(
      /: wire pass, 2,310,000 rows so far/,
    );
  });

  it('counts a one-message reply when it is in whole, and says so instead of 0 rows while its bytes arrive', () => {
    const single = { ...progress, variant: 'json', streamed: false, rowsPerRun: 1_000_000, rowsSoFar: 0 };
    expect(progressLine({ call, forMs: 12_000, progress: single })).toMatch(
      /: measured run 1\/1, 0 of 1 reply in whole \(0 rows\), 12 s/,
    );
    const parallel = {
      ...single,
      mode: 'parallel' as const,
      requestsPerRun: 10,
      rowsPerRun: 1000,
      repliesSoFar: 3,
      rowsSoFar: 300,
    };
    expect(progressLine({ call, forMs: 1_000, progress: parallel })).toMatch(
      /: measured run 1\/1, 3 of 10 replies in whole \(300 rows\)/,
    );
  });

  it("names the shape of rows other than the article's", () => {
    expect(progressLine({ call, forMs: 1_000, progress: { ...progress, shape: 'binary' } })).toMatch(
      /^grpc-stream single 5,000,000 binary rows: measured run 1\/1/,
    );
  });

  it(
    'says only how long when no engine run has started (calibrating a network profile) or none will (a load ' +
      'level)',
    () => {
      expect(progressLine({ call, forMs: 5_200, progress: null })).toBe(`${call}: still running, 5 s`);
    },
  );
});
