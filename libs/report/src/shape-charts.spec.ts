import { benchRun, shapeRun } from './fixtures/report-runs';
import { reportModel } from './report-model';
import { serializerRatioChart, shapeRatioChart } from './shape-charts';

const one = (run = shapeRun()) => [{ run, runIndex: 0 }];

describe('gRPC/JSON per shape and per serializer', () => {
  it('draws a bar per shape and size with its 95% interval, and a table that names the side', () => {
    const chart = shapeRatioChart([shapeRun()], one())!;
    expect(chart.categories).toEqual(['numeric · 1,000 rows', 'text · 1,000 rows']);
    const [ratios] = chart.datasets;
    expect(ratios.values[0]).toBeCloseTo((0.3 * (1.2 + 9)) / (1.5 + 4), 2);
    expect(ratios.values[1]).toBeGreaterThan(1);
    for (const [i, iv] of ratios.intervals!.entries()) {
      expect(iv![0]).toBeLessThanOrEqual(ratios.values[i]!);
      expect(iv![1]).toBeGreaterThanOrEqual(ratios.values[i]!);
    }
    expect(chart.table.rows.map((r) => [r[0], r[4]])).toEqual([
      ['numeric', 'gRPC faster'],
      ['text', 'JSON faster'],
    ]);
  });

  it('draws a bar per gRPC serializer against json, only in the cases that ran one', () => {
    const chart = serializerRatioChart([shapeRun()], one())!;
    expect(chart.categories).toEqual(['numeric · 1,000 rows']);
    expect(chart.datasets.map((d) => d.label)).toEqual(['grpc / json', 'grpc-sliced / json']);
    expect(chart.datasets[1].values[0]).toBeLessThan(chart.datasets[0].values[0]!);
    expect(chart.datasets.every((d) => d.intervals![0] !== null)).toBe(true);
  });

  it('is not drawn for a run of one shape and no serializer variant', () => {
    const plain = benchRun();
    expect(shapeRatioChart([plain], one(plain))).toBeNull();
    expect(serializerRatioChart([plain], one(plain))).toBeNull();
    expect(reportModel([plain]).sections.map((s) => s.title)).not.toContain('By shape and serializer');
  });

  it('puts both in the report model under "By shape and serializer"', () => {
    const section = reportModel([shapeRun()]).sections.find((s) => s.title === 'By shape and serializer')!;
    expect(section.charts.map((c) => c.id)).toEqual(['shape-ratio', 'serializer-ratio']);
  });
});
