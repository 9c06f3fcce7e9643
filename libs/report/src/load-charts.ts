import type { SavedRun } from '@app/explain';
import type { LoadLevelResult, LoadRun } from '@app/load';
import type { BarChartSpec, LeftOut, LineChartSpec, PointSpec, SeriesSpec } from './chart-spec.interface';
import { loadBarCharts } from './load-bar-charts';
import { flaggedNotes, loadLines, loadTable, type LoadLine } from './load-lines';

function points(line: LoadLine, y: (l: LoadLevelResult) => number): PointSpec[] {
  return line.levels.map((l, i) => ({
    x: l.concurrency,
    y: y(l),
    note: l.name,
    ...(line.flags[i] ? { flag: line.flags[i] } : {}),
  }));
}

function concurrencyAxis(lines: LoadLine[]): { title: string; log: boolean } {
  const all = lines.flatMap((l) => l.levels.map((level) => level.concurrency));
  const log = Math.max(...all) / Math.max(1, Math.min(...all)) >= 10;
  return { title: `concurrent callers${log ? ' (log)' : ''}`, log };
}

/**
 * Requests/s and p50/p99 latency against concurrency per server and engine, saturated levels flagged: lines when some
 * server ran two or more levels, else bars (a line of one point has nothing to follow, and an axis around one value).
 */
export function loadCharts(
  runs: readonly SavedRun[],
  loadRuns: readonly { run: LoadRun; runIndex: number }[],
): { charts: (LineChartSpec | BarChartSpec)[]; leftOut: LeftOut[] } {
  const lines = loadLines(runs, loadRuns);
  if (lines.length === 0) {
    const reason = 'no load levels finished in this run yet';
    return {
      charts: [],
      leftOut: [
        { title: 'Requests per second vs concurrency', reason },
        { title: 'Latency vs concurrency', reason },
      ],
    };
  }
  if (lines.every((line) => line.levels.length === 1)) return { charts: loadBarCharts(lines), leftOut: [] };
  const x = concurrencyAxis(lines);
  const notes = flaggedNotes(lines);
  const latency: SeriesSpec[] = lines.flatMap((line) => [
    {
      label: `${line.label} p50`,
      colorKey: line.colorKey,
      runIndex: line.runIndex,
      points: points(line, (l) => l.latency.p50),
    },
    {
      label: `${line.label} p99`,
      colorKey: line.colorKey,
      runIndex: line.runIndex,
      points: points(line, (l) => l.latency.p99),
      dashed: true,
    },
  ]);
  return {
    charts: [
      {
        kind: 'line',
        id: 'load-rps',
        title: 'Requests per second vs concurrency',
        caption:
          "Successful requests per second over each level's window. Triangles outlined in red flag a saturated " +
          'generator, failed requests, or requests/s that stopped rising (less than 5% more than the level below).',
        x,
        y: { title: 'successful requests per second', log: false },
        series: lines.map((line) => ({
          label: line.label,
          colorKey: line.colorKey,
          runIndex: line.runIndex,
          points: points(line, (l) => l.rps),
        })),
        bands: false,
        crossovers: [],
        table: loadTable(lines),
        notes,
      },
      {
        kind: 'line',
        id: 'load-latency',
        title: 'Latency vs concurrency',
        caption: 'Median (solid) and 99th percentile (dashed) latency of successful requests; flagged levels as above.',
        x,
        y: { title: 'latency (ms, log)', log: true },
        series: latency,
        bands: false,
        crossovers: [],
        table: loadTable(lines),
        notes,
      },
    ],
    leftOut: [],
  };
}
