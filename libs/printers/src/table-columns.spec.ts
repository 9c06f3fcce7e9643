import { SAMPLE_RUN } from '@app/explain';
import { grpcOverJson, human, medianCiText, TABLE_COLUMNS } from './table-columns';

describe('human', () => {
  it('groups thousands with a fixed number of decimals', () => {
    expect(human(1234567)).toBe('1,234,567');
    expect(human(2.945, 2)).toBe('2.95');
    expect(human(5177, 2)).toBe('5,177.00');
  });

  it('leaves a missing figure empty', () => {
    expect(human(null)).toBe('');
    expect(human(undefined, 2)).toBe('');
    expect(human(NaN)).toBe('');
  });
});

describe('grpcOverJson', () => {
  const [json11, grpc11, json12, grpc12, formula] = SAMPLE_RUN.scenarios;

  it('divides the gRPC median by the JSON median of the same scenario name', () => {
    expect(grpcOverJson(grpc11, SAMPLE_RUN)).toBeCloseTo(2.8 / 2.95, 10);
    expect(grpcOverJson(grpc12, SAMPLE_RUN)).toBeCloseTo(95 / 47.9, 10);
  });

  it('is null on json rows and on a grpc row without a json twin', () => {
    expect(grpcOverJson(json11, SAMPLE_RUN)).toBeNull();
    expect(grpcOverJson(json12, SAMPLE_RUN)).toBeNull();
    expect(grpcOverJson(formula, SAMPLE_RUN)).toBeNull();
  });
});

describe('medianCiText', () => {
  it('shows the interval, and the confidence reached when it is below 95%', () => {
    expect(medianCiText({ low: 20.1, high: 22.3, level: 0.9785 })).toBe('20.10–22.30');
    expect(medianCiText({ low: 1234.5, high: 1300, level: 0.95 })).toBe('1,234.50–1,300.00');
    expect(medianCiText({ low: 2.9, high: 3.1, level: 0.75 })).toBe('2.90–3.10 (75%)');
    expect(medianCiText({ low: 2.9, high: 3.1, level: 0.9375 })).toBe('2.90–3.10 (93.8%)');
  });

  it('is empty without an interval (a result saved before intervals existed)', () => {
    expect(medianCiText(null)).toBe('');
    expect(medianCiText({ low: undefined as unknown as number, high: 1, level: 1 })).toBe('');
  });
});

describe('TABLE_COLUMNS', () => {
  it('show the median interval of a result', () => {
    const ci = TABLE_COLUMNS.find((c) => c.head === 'median 95% CI ms')!;
    expect(ci.cell(SAMPLE_RUN.scenarios[0], SAMPLE_RUN)).toBe('2.90–3.10 (75%)');
  });

  it('are the documented columns in order', () => {
    expect(TABLE_COLUMNS.map((c) => c.head)).toEqual([
      'scenario',
      'variant',
      'shape',
      'rows/req',
      'requests',
      'conc',
      'median ms',
      'median 95% CI ms',
      'p99 ms',
      'cv %',
      'between-inv var %',
      'rows/s',
      'payload B/req',
      'wire B/req',
      'client CPU ms/req',
      'server CPU ms/req',
      'server peak RSS MB',
      'gRPC/JSON',
      'verified',
    ]);
  });
});
