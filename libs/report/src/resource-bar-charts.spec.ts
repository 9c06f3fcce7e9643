import { human } from '@app/printers';
import { type BenchRun } from '@app/bench';
import type { BarChartSpec } from './chart-spec.interface';
import { benchRun, QUICK_CASES } from './fixtures/report-runs';
import { printReportHtml } from './report-html.printer';
import { reportModel } from './report-model';

const rssChart = (run: BenchRun, id: 'client-rss' | 'server-rss') =>
  reportModel([run])
    .sections.flatMap((s) => s.charts)
    .find((c) => c.id === id) as BarChartSpec;
const NOTE = new RegExp(
  String.raw`^≤ before a peak RSS: VmHWM could not be reset on this machine, so the figure is the ` +
    String.raw`process's lifetime peak \(since it started\), an upper bound of this case's peak, not its ` +
    String.raw`own\.$`,
);

describe('the peak RSS charts', () => {
  it('mark a lifetime peak (VmHWM not reset) in the table and say what the mark means under it', () => {
    const own = benchRun({ cases: QUICK_CASES });
    // The server of the first result ran where clear_refs is refused: its peak is its lifetime's.
    const [first, ...rest] = own.scenarios;
    const run: BenchRun = {
      ...own,
      scenarios: [{ ...first, resources: { ...first.resources, serverPeakIsLifetime: true } }, ...rest],
    };
    const server = rssChart(run, 'server-rss');
    expect(server.table.rows[0][1]).toBe(`≤${human(first.resources.serverPeakRssBytes! / 1e6, 1)}`);
    expect(server.table.rows[0][2]).not.toMatch(/≤/);
    expect(server.notes.filter((n) => NOTE.test(n))).toHaveLength(1);
    // The client's peaks were reset: nothing marked there.
    expect(rssChart(run, 'client-rss').notes.some((n) => NOTE.test(n))).toBe(false);
    expect(printReportHtml([{ ...run }])).toContain('≤ before a peak RSS: VmHWM could not be reset on this machine');
  });

  it("print peaks of the runs' own as plain figures, with no such note", () => {
    const run = benchRun({ cases: QUICK_CASES });
    const server = rssChart(run, 'server-rss');
    expect(server.table.rows.flat().some((cell) => cell.startsWith('≤'))).toBe(false);
    expect(server.notes.some((n) => NOTE.test(n))).toBe(false);
    expect(printReportHtml([run])).not.toContain('lifetime peak');
  });
});
