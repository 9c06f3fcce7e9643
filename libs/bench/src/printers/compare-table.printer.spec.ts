import type { RunComparison } from '../compare-runs/compare-runs';
import { printComparison } from './compare-table.printer';

const key = { transport: 'json', mode: 'single', rowsPerRequest: 1, requests: 1, concurrency: 1 } as const;

const comparison: RunComparison = {
  a: { id: 'run-a', label: 'before' },
  b: { id: 'run-b', label: null },
  alpha: 0.05,
  matched: [
    { ...key, name: '1-1', meanA: 10.04, meanB: 12.08, medianA: 10, medianB: 12.1, diffPercent: 20.318725, pValue: 0.00001, significant: true },
    { ...key, name: '1-2', transport: 'grpc', meanA: 1234.5, meanB: 1200, medianA: 1234, medianB: 1200, diffPercent: -2.794654, pValue: 0.41234, significant: false },
    { ...key, name: '1-3', meanA: 5, meanB: 6, medianA: 5, medianB: 6, diffPercent: 20, pValue: null, significant: false },
  ],
  onlyInA: [{ ...key, name: '2-1', mode: 'parallel', requests: 10, concurrency: 10 }],
  onlyInB: [],
};

const cells = (text: string, name: string) =>
  text.split('\n').map((l) => l.split('│').slice(1, -1).map((c) => c.trim())).find((r) => r[0] === name);

describe('printComparison', () => {
  const text = printComparison(comparison);

  it('names both runs', () => {
    expect(text.split('\n').slice(0, 2)).toEqual(['A: run-a (before)', 'B: run-b']);
  });

  it('writes one row per matched result', () => {
    expect(cells(text, 'scenario')).toEqual(['scenario', 'transport', 'A mean ms', 'B mean ms', 'diff %', 'p-value', 'significant']);
    expect(cells(text, '1-1')).toEqual(['1-1', 'json', '10.04', '12.08', '+20.3', '< 0.0001', 'yes']);
    expect(cells(text, '1-2')).toEqual(['1-2', 'grpc', '1,234.50', '1,200.00', '-2.8', '0.4123', 'no']);
    expect(cells(text, '1-3')).toEqual(['1-3', 'json', '5.00', '6.00', '+20.0', 'n/a', 'no']);
  });

  it('lists results only one run has, and no heading for an empty list', () => {
    expect(text).toContain('Only in A:\n  2-1 json (parallel, 1 rows x 10 requests, concurrency 10)');
    expect(text).not.toContain('Only in B');
    expect(text).toContain('p < 0.05');
  });
});
