import { human, loadVariantOf, type LoadLevelResult, type LoadRun, type SavedRun } from '@app/bench';
import type { LeftOut, LineChartSpec, PointSpec, SeriesSpec } from './chart-spec.interface';
import { seriesLabel } from './run-names';
import { groupBy } from './scenario-rows';

// Less than 5% more requests/s for a higher concurrency: the server (or the generator) gives no more.
const PLATEAU_GAIN = 1.05;

interface LoadLine {
  runIndex: number;
  label: string;
  colorKey: string;
  levels: LoadLevelResult[];
  flags: string[];
}

function nameOf(level: LoadLevelResult, manyRows: boolean): string {
  const server = loadVariantOf(level.transport, level.targetKind) ?? `${level.transport}/${level.targetKind}`;
  return `${server}${level.engine === 'ghz' ? ' (ghz)' : ''}${level.mode === 'open' ? ' open loop' : ''}${manyRows ? `, ${human(level.rows)} rows` : ''}`;
}

/** Why a level is flagged: the generator was the limit, requests failed, or requests/s stopped rising. */
function flagsOf(levels: LoadLevelResult[]): string[] {
  return levels.map((level, i) => {
    const flags: string[] = [];
    if (level.generatorSaturated) flags.push('generator saturated');
    const errors = level.requests - level.successes;
    if (errors > 0) flags.push(`${human(errors)} errors`);
    if (i > 0 && level.rps < levels[i - 1].rps * PLATEAU_GAIN) flags.push('throughput plateau');
    return flags.join(', ');
  });
}

/** One line per run x server x engine x mode x rows, its levels in rising concurrency. */
function loadLines(runs: readonly SavedRun[], loadRuns: readonly { run: LoadRun; runIndex: number }[]): LoadLine[] {
  return loadRuns.flatMap(({ run, runIndex }) => {
    const manyRows = new Set(run.levels.map((l) => l.rows)).size > 1;
    return [...groupBy(run.levels, (l) => `${l.transport}|${l.targetKind}|${l.engine}|${l.mode}|${l.rows}`).values()].map((group) => {
      const levels = [...group].sort((a, b) => a.concurrency - b.concurrency);
      const name = nameOf(levels[0], manyRows);
      return { runIndex, label: seriesLabel(runs, runIndex, name), colorKey: loadVariantOf(levels[0].transport, levels[0].targetKind) ?? name, levels, flags: flagsOf(levels) };
    });
  });
}

function points(line: LoadLine, y: (l: LoadLevelResult) => number): PointSpec[] {
  return line.levels.map((l, i) => ({ x: l.concurrency, y: y(l), note: l.name, ...(line.flags[i] ? { flag: line.flags[i] } : {}) }));
}

function flaggedNotes(lines: LoadLine[]): string[] {
  return lines.flatMap((line) => line.levels.flatMap((l, i) => (line.flags[i] ? [`${line.label} at concurrency ${human(l.concurrency)}: ${line.flags[i]}.`] : [])));
}

function concurrencyAxis(lines: LoadLine[]): { title: string; log: boolean } {
  const all = lines.flatMap((l) => l.levels.map((level) => level.concurrency));
  const log = Math.max(...all) / Math.max(1, Math.min(...all)) >= 10;
  return { title: `concurrent callers${log ? ' (log)' : ''}`, log };
}

function table(lines: LoadLine[]) {
  return {
    head: ['line', 'concurrency', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'flagged'],
    numeric: [false, true, true, true, true, true, false],
    rows: lines.flatMap((line) =>
      line.levels.map((l, i) => [line.label, human(l.concurrency), human(l.rps), human(l.latency.p50, 2), human(l.latency.p99, 2), human(l.requests - l.successes), line.flags[i]]),
    ),
  };
}

/** Requests/s and p50/p99 latency against concurrency per server and engine, saturated levels flagged. */
export function loadCharts(runs: readonly SavedRun[], loadRuns: readonly { run: LoadRun; runIndex: number }[]): { charts: LineChartSpec[]; leftOut: LeftOut[] } {
  const lines = loadLines(runs, loadRuns);
  if (lines.length === 0) {
    const reason = 'no load levels finished in this run yet';
    return { charts: [], leftOut: [{ title: 'Requests per second vs concurrency', reason }, { title: 'Latency vs concurrency', reason }] };
  }
  const x = concurrencyAxis(lines);
  const notes = flaggedNotes(lines);
  const latency: SeriesSpec[] = lines.flatMap((line) => [
    { label: `${line.label} p50`, colorKey: line.colorKey, runIndex: line.runIndex, points: points(line, (l) => l.latency.p50) },
    { label: `${line.label} p99`, colorKey: line.colorKey, runIndex: line.runIndex, points: points(line, (l) => l.latency.p99), dashed: true },
  ]);
  return {
    charts: [
      {
        kind: 'line',
        id: 'load-rps',
        title: 'Requests per second vs concurrency',
        caption: 'Successful requests per second over each level\'s window. Red triangles flag a saturated generator, failed requests, or requests/s that stopped rising (less than 5% more than the level below).',
        x,
        y: { title: 'successful requests per second', log: false },
        series: lines.map((line) => ({ label: line.label, colorKey: line.colorKey, runIndex: line.runIndex, points: points(line, (l) => l.rps) })),
        bands: false,
        crossovers: [],
        table: table(lines),
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
        table: table(lines),
        notes,
      },
    ],
    leftOut: [],
  };
}
