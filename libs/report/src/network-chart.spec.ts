import { benchRun, networkRun } from './fixtures/report-runs';
import { reportModel } from './report-model';

describe('the network chart', () => {
  it('draws gRPC/JSON per case with one bar per profile, the table and the sentences, first in the report', () => {
    const model = reportModel([networkRun()]);
    expect(model.sections[0].title).toBe('Under network conditions');
    const chart = model.sections[0].charts[0];
    expect(chart).toMatchObject({ kind: 'bar', id: 'network-ratio', categories: ['1-3 · grpc vs json'] });
    if (chart.kind !== 'bar') throw new Error('not a bar chart');
    expect(chart.datasets.map((d) => d.label)).toEqual(['loopback', 'wan']);
    const [loopback, wan] = chart.datasets.map((d) => d.values[0]!);
    expect(wan / loopback).toBeCloseTo(0.1, 5);
    expect(chart.table.rows.map((r) => r[2])).toEqual(['loopback', 'wan']);
    expect(chart.notes.join(' ')).toMatch(/the verdict flips on wan|faster under every profile/);
  });

  it('is not there for a run under one profile', () => {
    expect(reportModel([benchRun()]).sections.map((s) => s.title)).not.toContain('Under network conditions');
  });
});
