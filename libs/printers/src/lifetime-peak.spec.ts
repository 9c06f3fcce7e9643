import { explainRun, SAMPLE_RUN, sampleResult, samples } from '@app/explain';
import { parse } from 'csv-parse/sync';
import type { BenchRun } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { printMarkdown } from './markdown.printer';
import { printRunsCsv } from './runs-csv.printer';
import { printSummaryCsv } from './summary-csv.printer';
import { printTable } from './table.printer';
import { variantFiguresTable } from './why-tables';

// Two results as the engine writes them: on a host that refuses clear_refs (the peaks are the processes' lifetime
// peaks, flagged) and on one that resets VmHWM before each run (the peaks are the runs' own, unflagged).
const base = {
  rowsReceived: 1,
  payloadBytes: 100,
  verified: true,
  clientCpuMs: 1,
  serverCpuMs: 1,
  clientPeakRssBytes: 80_000_000,
  serverPeakRssBytes: 95_500_000,
};

function result(transport: 'json' | 'grpc', lifetime: boolean): ScenarioResult {
  const runs = samples(
    [10, 11, 12],
    lifetime ? { ...base, clientPeakIsLifetime: true, serverPeakIsLifetime: true } : base,
  );
  const flags = lifetime ? { clientPeakIsLifetime: true, serverPeakIsLifetime: true } : {};
  return sampleResult({
    name: 'big',
    transport,
    runs,
    resources: {
      clientCpuMs: 3,
      serverCpuMs: 3,
      clientCpuMsPerRequest: 1,
      serverCpuMsPerRequest: 1,
      clientPeakRssBytes: 80_000_000,
      serverPeakRssBytes: 95_500_000,
      ...flags,
      notes: [],
    },
  });
}

const runOf = (lifetime: boolean): BenchRun => ({
  ...SAMPLE_RUN,
  scenarios: [result('json', lifetime), result('grpc', lifetime)],
});
const LEGEND = new RegExp(
  String.raw`≤ before a peak RSS: VmHWM could not be reset on this machine, so the figure is the ` +
    String.raw`process's lifetime peak \(since it started\), an upper bound of this case's peak, not its ` +
    String.raw`own\.`,
);

describe("a peak RSS that is the process's lifetime peak (VmHWM not reset)", () => {
  const lifetime = runOf(true);

  it('is marked ≤ in the terminal table and in summary.md, with the legend that says what the mark means', () => {
    const table = printTable(lifetime);
    expect(table).toMatch(/│\s+≤95\.5 │/);
    expect(table.replace(/\s+/g, ' ')).toMatch(LEGEND);
    const md = printMarkdown(lifetime);
    expect(md).toMatch(/\| ≤95\.5 \|/);
    expect(md).toMatch(LEGEND);
  });

  it('is marked in the per-variant figures, client and server', () => {
    const rows = variantFiguresTable(explainRun(lifetime)).rows;
    expect(rows.map((r) => r.slice(-2))).toEqual([
      ['≤80.0', '≤95.5'],
      ['≤80.0', '≤95.5'],
    ]);
  });

  it('says so in summary.csv and runs.csv beside the bytes', () => {
    const summary: Record<string, string>[] = parse(printSummaryCsv(lifetime), { columns: true });
    expect(
      summary.map((r) => [r.server_peak_rss_bytes, r.client_peak_rss_lifetime, r.server_peak_rss_lifetime]),
    ).toEqual([
      ['95500000', 'yes', 'yes'],
      ['95500000', 'yes', 'yes'],
    ]);
    const runs: Record<string, string>[] = parse(printRunsCsv(lifetime), { columns: true });
    expect(new Set(runs.map((r) => `${r.client_peak_rss_lifetime}/${r.server_peak_rss_lifetime}`))).toEqual(
      new Set(['yes/yes']),
    );
  });
});

describe("a peak RSS of the run's own (VmHWM reset before each run)", () => {
  const own = runOf(false);

  it('is a plain figure, and no legend speaks of lifetime peaks', () => {
    const table = printTable(own);
    expect(table).toMatch(/│\s+95\.5 │/);
    expect(table).not.toMatch(/≤\d|lifetime/);
    expect(printMarkdown(own)).not.toMatch(/≤\d|lifetime/);
    expect(variantFiguresTable(explainRun(own)).rows[0].slice(-2)).toEqual(['80.0', '95.5']);
  });

  it('is "no" in the CSVs, and an empty figure has no flag at all', () => {
    const summary: Record<string, string>[] = parse(printSummaryCsv(own), { columns: true });
    expect(summary.map((r) => r.server_peak_rss_lifetime)).toEqual(['no', 'no']);
    const empty: BenchRun = {
      ...own,
      scenarios: [{ ...own.scenarios[0], resources: { ...own.scenarios[0].resources, serverPeakRssBytes: null } }],
    };
    expect(
      (parse(printSummaryCsv(empty), { columns: true }) as Record<string, string>[])[0].server_peak_rss_lifetime,
    ).toBe('');
  });
});
