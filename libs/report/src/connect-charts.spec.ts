import { connectCharts } from './connect-charts';
import { benchRun, connectRun } from './fixtures/report-runs';
import { CONNECT_SECTION_TITLE, reportModel } from './report-model';

const one = (run = connectRun()) => [{ run, runIndex: 0 }];

describe('Connect against JSON and gRPC', () => {
  it('draws, against grpc then json, a bar per connect variant and case with its 95% interval', () => {
    const [vsGrpc, vsJson] = connectCharts([connectRun()], one());
    expect([vsGrpc.id, vsJson.id]).toEqual(['connect-vs-grpc', 'connect-vs-json']);
    for (const chart of [vsGrpc, vsJson]) {
      expect(chart.categories).toEqual(['1-2 · 10,000 rows', '2-3 · 1,000 × 1']);
      expect(chart.datasets.map((d) => d.colorKey)).toEqual(['connect-proto', 'connect-json']);
      for (const d of chart.datasets) {
        for (const [i, iv] of d.intervals!.entries()) {
          expect(iv![0]).toBeLessThanOrEqual(d.values[i]!);
          expect(iv![1]).toBeGreaterThanOrEqual(d.values[i]!);
        }
      }
    }
    // connect-proto is 0.7× grpc's model and connect-json 1.5× json's, case by case.
    expect(vsGrpc.datasets[0].values.map((v) => v!.toFixed(2))).toEqual(['0.70', '0.70']);
    expect(vsJson.datasets[1].values.map((v) => v!.toFixed(2))).toEqual(['1.50', '1.50']);
    expect(vsGrpc.datasets[0].label).toBe('connect-proto / grpc');
    expect(vsJson.table.rows.map((r) => [r[0], r[1], r[2], r[4]])).toEqual([
      // 0.7 × grpc's 91.2 ms over json's 41.5 ms: slower than JSON on one large reply, faster on many small ones.
      ['1-2 · 10,000 rows', 'connect-proto', '1.54', 'slower'],
      ['1-2 · 10,000 rows', 'connect-json', '1.50', 'slower'],
      ['2-3 · 1,000 × 1', 'connect-proto', '0.28', 'faster'],
      ['2-3 · 1,000 × 1', 'connect-json', '1.50', 'slower'],
    ]);
    expect(vsJson.table.rows[0][3]).toMatch(/^\d\.\d\d–\d\.\d\d$/);
    // The summary's sentences, once, beneath the last chart.
    expect(vsGrpc.notes).toEqual([]);
    expect(vsJson.notes).toHaveLength(4);
    expect(vsJson.notes[0]).toMatch(
      new RegExp(
        String.raw`^1-2 \(one request of 10,000 rows\): connect-proto took 0\.70× grpc's time \(95% ` +
          String.raw`CI .*\): connect-proto is faster; .* Against json it took 1\.54× json's time \(95% CI ` +
          String.raw`.*\): json is faster; `,
      ),
    );
  });

  it('names the run in each series and row when runs are overlaid', () => {
    const [a, b] = [connectRun(), { ...connectRun(), id: 'second', label: 'second run' }];
    const charts = connectCharts(
      [a, b],
      [
        { run: a, runIndex: 0 },
        { run: b, runIndex: 1 },
      ],
    );
    expect(charts[0].datasets.map((d) => d.label)).toEqual([
      `${a.label} · connect-proto / grpc`,
      `${a.label} · connect-json / grpc`,
      'second run · connect-proto / grpc',
      'second run · connect-json / grpc',
    ]);
    expect(charts[0].table.head[0]).toBe('run');
  });

  it('is drawn only for a run with a connect variant beside json or grpc, in a section of its own', () => {
    const plain = benchRun();
    expect(connectCharts([plain], one(plain))).toEqual([]);
    expect(reportModel([plain]).sections.map((s) => s.title)).not.toContain(CONNECT_SECTION_TITLE);
    const section = reportModel([connectRun()]).sections.find((s) => s.title === CONNECT_SECTION_TITLE)!;
    expect(section.charts.map((c) => c.id)).toEqual(['connect-vs-grpc', 'connect-vs-json']);
    // Without grpc in the run, only the chart against json.
    const noGrpc = { ...connectRun(), scenarios: connectRun().scenarios.filter((r) => r.variant !== 'grpc') };
    expect(connectCharts([noGrpc], one(noGrpc)).map((c) => c.id)).toEqual(['connect-vs-json']);
  });
});
