import type { Limits } from '@app/config';
import { ScenarioValidationError } from './scenario-validation.error';
import { errorOf } from './fixtures/error-of';
import { validateScenario } from './validate-scenario';
import { getShape, shapeNames } from '@app/shapes';

const limits: Limits = {
  maxRows: 5_000_000,
  maxRequests: 100_000,
  maxConcurrency: 100_000,
  maxRuns: 100,
  maxWarmup: 100,
  maxCallRows: 50_000_000,
  maxStreamRows: 100_000_000,
  streamBufferBytes: 64 * 1024 ** 2,
};

describe('validateScenario', () => {
  it('applies defaults: one run, no warm-up, all requests at once', () => {
    expect(validateScenario('json', 'parallel', { requests: '100' }, limits)).toEqual({
      name: 'parallel rows=1 requests=100',
      transport: 'json',
      variant: 'json',
      shape: 'row',
      mode: 'parallel',
      rowsPerRequest: 1,
      chunkRows: null,
      requests: 100,
      concurrency: 100,
      runs: 1,
      warmup: 0,
    });
  });

  it('forces one request in single mode and reads every parameter', () => {
    expect(
      validateScenario('grpc', 'single', { rows: '1000000', requests: '50', runs: '3', warmup: '1' }, limits),
    ).toEqual({
      name: 'single rows=1000000',
      transport: 'grpc',
      variant: 'grpc',
      shape: 'row',
      mode: 'single',
      rowsPerRequest: 1_000_000,
      chunkRows: null,
      requests: 1,
      concurrency: 1,
      runs: 3,
      warmup: 1,
    });
  });

  describe('shape', () => {
    it("defaults to the article's row, which leaves the default name as it was", () => {
      const s = validateScenario('json', 'single', { rows: '10' }, limits);
      expect([s.shape, s.name]).toEqual(['row', 'single rows=10']);
      expect(validateScenario('json', 'single', { rows: '10', shape: 'row' }, limits)).toEqual(s);
    });

    it.each(shapeNames())('takes %s, named in the default name unless it is row', (shape) => {
      const s = validateScenario('grpc-stream', 'parallel', { rows: '10', requests: '2', shape }, limits);
      expect(s.shape).toBe(shape);
      expect(s.name).toBe(`parallel rows=10 requests=2 chunk=1000${shape === 'row' ? '' : ` shape=${shape}`}`);
    });

    it("checks a stream's chunk against STREAM_BUFFER_BYTES by the shape's own row bound", () => {
      // 100,000 article rows fit 64 MiB as JSON; 100,000 binary rows (4 KiB each, base64) do not.
      expect(validateScenario('json-stream', 'single', { rows: '1000000', chunk: '100000' }, limits).chunkRows).toBe(
        100_000,
      );
      const e = errorOf(() =>
        validateScenario('json-stream', 'single', { rows: '1000000', chunk: '100000', shape: 'binary' }, limits),
      );
      const fits = Math.floor(limits.streamBufferBytes / getShape('binary').maxRowBytes(999_999).json);
      expect([e.parameter, e.limit]).toEqual(['chunk', { min: 1, max: fits }]);
      expect(e.message).toMatch(/^chunk must be at most \d+ here: .*STREAM_BUFFER_BYTES/);
      expect(
        validateScenario('grpc-stream', 'single', { rows: '1000000', chunk: String(fits), shape: 'binary' }, limits)
          .chunkRows,
      ).toBe(fits);
    });

    it.each([['nope'], ['Row'], [''], [['row', 'text']], [3]])(
      'refuses %p with the error every bad parameter gets, listing the valid names',
      (shape) => {
        const e = errorOf(() => validateScenario('json', 'single', { rows: '1', shape }, limits));
        expect(e).toBeInstanceOf(ScenarioValidationError);
        expect(e.parameter).toBe('shape');
        expect(e.limit).toEqual({ values: shapeNames() });
        expect(e.message).toBe(`unknown shape ${JSON.stringify(shape)}: valid shapes are ${shapeNames().join(', ')}`);
      },
    );
  });

  it('refuses chunk on a one-message variant, naming the streaming ones', () => {
    const e = errorOf(() => validateScenario('json', 'single', { rows: '10', chunk: '5' }, limits));
    expect(e.parameter).toBe('chunk');
    expect(e.message).toMatch(/^chunk applies to the streaming variants/);
  });

  it('accepts the limits themselves', () => {
    const s = validateScenario(
      'json',
      'parallel',
      { rows: '5000000', requests: 100000, concurrency: '100000', runs: '100', warmup: '100' },
      limits,
    );
    expect([s.rowsPerRequest, s.requests, s.concurrency, s.runs, s.warmup]).toEqual([
      5_000_000, 100_000, 100_000, 100, 100,
    ]);
  });

  it.each([
    ['rows', { rows: '0' }, 5_000_000],
    ['rows', { rows: '5000001' }, 5_000_000],
    ['rows', { rows: 'abc' }, 5_000_000],
    ['rows', { rows: '1e3' }, 5_000_000],
    ['rows', { rows: '-5' }, 5_000_000],
    ['rows', { rows: '' }, 5_000_000],
    ['rows', { rows: ['1', '2'] }, 5_000_000],
    ['requests', { requests: '100001' }, 100_000],
    ['requests', { requests: '2.5' }, 100_000],
    ['runs', { runs: '0' }, 100],
    ['runs', { runs: '101' }, 100],
    ['warmup', { warmup: '101' }, 100],
    ['concurrency', { requests: '10', concurrency: '11' }, 10],
    ['concurrency', { requests: '10', concurrency: '0' }, 10],
  ])('rejects %s in %p naming the limit %p', (parameter, input, max) => {
    const e = errorOf(() => validateScenario('json', 'parallel', input, limits));
    expect(e).toBeInstanceOf(ScenarioValidationError);
    expect(e.parameter).toBe(parameter);
    expect(e.limit.max).toBe(max);
    expect(e.message).toContain(parameter);
    expect(e.message).toContain(String(max));
  });

  it('keeps a given name and refuses one that would not print well', () => {
    expect(validateScenario('json', 'single', { name: '1-2' }, limits).name).toBe('1-2');
    expect(validateScenario('json', 'parallel', { requests: '8', concurrency: '2' }, limits).name).toBe(
      'parallel rows=1 requests=8 concurrency=2',
    );
    for (const name of ['', ' x', 'a\nb', 'x'.repeat(65), 5]) {
      expect(errorOf(() => validateScenario('json', 'single', { name }, limits)).parameter).toBe('name');
    }
  });

  it('takes its limits from configuration', () => {
    const e = errorOf(() => validateScenario('json', 'single', { rows: '11' }, { ...limits, maxRows: 10 }));
    expect(e.limit.max).toBe(10);
  });

  it('derives the transport family from the variant', () => {
    expect(validateScenario('grpc-bare', 'single', {}, limits)).toMatchObject({
      transport: 'grpc',
      variant: 'grpc-bare',
    });
    expect(validateScenario('json-undici', 'single', {}, limits)).toMatchObject({
      transport: 'json',
      variant: 'json-undici',
    });
  });
});
