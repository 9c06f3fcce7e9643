import { type RunComparison, type ScenarioDiff } from '@app/explain';
import { printComparison } from './compare-table.printer';

const key = {
  transport: 'json',
  variant: 'json',
  mode: 'single',
  rowsPerRequest: 1,
  requests: 1,
  concurrency: 1,
} as const;
const interval = (low: number, high: number, level: number, ranks: [number, number]) => ({ low, high, level, ranks });
const none = { medianCiA: null, medianCiB: null };

const matched: ScenarioDiff[] = [
  {
    ...key,
    name: '1-1',
    meanA: 10.04,
    meanB: 12.08,
    medianA: 10,
    medianB: 12.1,
    diffPercent: 20.318725,
    medianDiffPercent: 21,
    medianCiA: interval(9.9, 10.2, 0.9609375, [2, 8]),
    medianCiB: interval(11.8, 12.3, 0.9609375, [2, 8]),
    verdict: 'B slower',
    pValue: 0.00001,
    significant: true,
  },
  {
    ...key,
    name: '1-2',
    transport: 'grpc',
    variant: 'grpc',
    meanA: 1234.5,
    meanB: 1200,
    medianA: 1234,
    medianB: 1200,
    diffPercent: -2.794654,
    medianDiffPercent: -2.755267,
    medianCiA: interval(1100, 1300, 0.9375, [1, 5]),
    medianCiB: interval(1150, 1250, 0.9375, [1, 5]),
    verdict: 'not distinguishable',
    pValue: 0.41234,
    significant: false,
  },
  {
    ...key,
    name: '1-3',
    meanA: 5,
    meanB: 6,
    medianA: 5,
    medianB: 6,
    diffPercent: 20,
    medianDiffPercent: 20,
    ...none,
    verdict: 'not distinguishable',
    pValue: null,
    significant: false,
  },
];

const comparison: RunComparison = {
  a: { id: 'run-a', label: 'before' },
  b: { id: 'run-b', label: null },
  alpha: 0.05,
  level: 0.95,
  matched,
  onlyInA: [{ ...key, name: '2-1', mode: 'parallel', requests: 10, concurrency: 10 }],
  onlyInB: [],
};

const cells = (text: string, name: string) =>
  text
    .split('\n')
    .map((l) =>
      l
        .split('│')
        .slice(1, -1)
        .map((c) => c.trim()),
    )
    .find((r) => r[0] === name);

describe('printComparison', () => {
  const text = printComparison(comparison);

  it('names both runs', () => {
    expect(text.split('\n').slice(0, 2)).toEqual(['A: run-a (before)', 'B: run-b']);
  });

  it('writes one row per matched result, with the medians, their intervals and the verdict', () => {
    expect(cells(text, 'scenario')).toEqual([
      'scenario',
      'variant',
      'A median ms',
      'A 95% CI',
      'B median ms',
      'B 95% CI',
      'diff %',
      'verdict',
      'Welch p',
    ]);
    expect(cells(text, '1-1')).toEqual([
      '1-1',
      'json',
      '10.00',
      '9.90–10.20',
      '12.10',
      '11.80–12.30',
      '+21.0',
      'B slower',
      '< 0.0001',
    ]);
    expect(cells(text, '1-2')).toEqual([
      '1-2',
      'grpc',
      '1,234.00',
      '1,100.00–1,300.00 (93.8%)',
      '1,200.00',
      '1,150.00–1,250.00 (93.8%)',
      '-2.8',
      'not distinguishable',
      '0.4123',
    ]);
    expect(cells(text, '1-3')).toEqual(['1-3', 'json', '5.00', '', '6.00', '', '+20.0', 'not distinguishable', 'n/a']);
  });

  it('lists results only one run has, and no heading for an empty list', () => {
    expect(text).toContain('Only in A:\n  2-1 json (parallel, 1 rows x 10 requests, concurrency 10)');
    expect(text).not.toContain('Only in B');
    expect(text).toContain("medians' 95% CIs do not overlap");
  });
});
