import { human } from '@app/printers';
import { type LoadLevelResult } from '@app/load';
import type { BarChartSpec, BarDatasetSpec } from './chart-spec.interface';
import { flaggedNotes, loadTable, type LoadLine } from './load-lines';

const callers = (c: number) => `${human(c)} caller${c === 1 ? '' : 's'}`;

/** A bar per line (each of one level) in each category: `value` is the level's figure there, null where it has none. */
function datasets(
  lines: LoadLine[],
  categories: string[],
  value: (level: LoadLevelResult, category: number) => number | null,
): BarDatasetSpec[] {
  return lines.map((line) => {
    const values = categories.map((_c, k) => value(line.levels[0], k));
    return {
      label: line.label,
      colorKey: line.colorKey,
      runIndex: line.runIndex,
      values,
      flags: values.map((v) => (v === null ? '' : line.flags[0])),
    };
  });
}

/**
 * A load run whose servers each ran one level: requests/s and p50/p99 latency as grouped bars from zero, a bar per
 * server, flagged levels outlined in red. The same table as the line charts beneath.
 */
export function loadBarCharts(lines: LoadLine[]): BarChartSpec[] {
  const concurrencies = [...new Set(lines.map((line) => line.levels[0].concurrency))].sort((a, b) => a - b);
  const rpsCategories = concurrencies.map(callers);
  const latencyKeys = concurrencies.flatMap((c) => (['p50', 'p99'] as const).map((p) => ({ c, p })));
  const latencyCategories = latencyKeys.map(({ c, p }) => `${p}, ${callers(c)}`);
  const notes = flaggedNotes(lines);
  const table = loadTable(lines);
  const where = concurrencies.length === 1 ? ` at ${callers(concurrencies[0])}` : ' by concurrency';
  return [
    {
      kind: 'bar',
      id: 'load-rps',
      title: `Requests per second${where}`,
      caption:
        "Successful requests per second over the level's window, one level per server. A bar outlined in red " +
        'is flagged: a saturated generator or failed requests.',
      x: { title: 'concurrent callers', log: false },
      y: { title: 'successful requests per second', log: false },
      categories: rpsCategories,
      datasets: datasets(lines, rpsCategories, (level, k) =>
        level.concurrency === concurrencies[k] ? level.rps : null,
      ),
      table,
      notes,
    },
    {
      kind: 'bar',
      id: 'load-latency',
      title: `Latency${where}`,
      caption:
        'Median (p50) and 99th percentile (p99) latency of successful requests, one level per server; flagged ' +
        'levels as above.',
      x: { title: 'percentile, concurrent callers', log: false },
      y: { title: 'latency (ms)', log: false },
      categories: latencyCategories,
      datasets: datasets(lines, latencyCategories, (level, k) =>
        level.concurrency === latencyKeys[k].c ? level.latency[latencyKeys[k].p] : null,
      ),
      table,
      notes,
    },
  ];
}
