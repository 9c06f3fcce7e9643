import type { BenchRun } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { shapeOf } from '@app/bench';
import { human } from './table-columns';
import type { PlainTable } from './why-tables';

/** What the batching table shows, said once for every output. */
export const BATCHING_NOTE =
  'Median run time for the same rows fetched in one call and split into ever more, smaller calls (all in ' +
  'flight at once); the last column is how many times longer the most-split case took.';

/** One shape's cases that split one total of rows into different numbers of calls. */
export interface BatchingGroup {
  shape: string;
  totalRows: number;
  /** The cases (scenario names), fewest calls first. */
  names: string[];
  table: PlainTable;
}

/**
 * A shape's cases when they are a batching comparison: all move the same total of rows, and each splits it into a
 * different number of calls, two splits at least. Cases of several shapes at one size (`--shapes row,binary`) are
 * one split each, so they are no such comparison; nor are sweeps that happen to share a total with another case.
 */
function splitsOf(results: readonly ScenarioResult[]): ScenarioResult[] | null {
  const cases = [...new Map(results.map((r) => [r.name, r])).values()].sort((a, b) => a.requests - b.requests);
  const totals = new Set(cases.map((r) => r.rowsPerRequest * r.requests));
  const splits = new Set(cases.map((r) => r.requests));
  return cases.length >= 2 && totals.size === 1 && splits.size === cases.length ? cases : null;
}

function table(results: readonly ScenarioResult[], splits: ScenarioResult[]): PlainTable {
  const variants = [...new Set(results.map((r) => r.variant))];
  const median = (variant: string, name: string) =>
    results.find((r) => r.variant === variant && r.name === name)?.stats.medianMs;
  const first = splits[0];
  const last = splits[splits.length - 1];
  const rows = variants.map((v) => {
    const one = median(v, first.name);
    const many = median(v, last.name);
    return [v, ...splits.map((s) => human(median(v, s.name), 2)), one && many ? human(many / one, 2) : ''];
  });
  return {
    head: [
      'variant',
      ...splits.map((s) => `${human(s.requests)} × ${human(s.rowsPerRequest)} ms`),
      `${human(last.requests)} × ${human(last.rowsPerRequest)} / 1 × ${human(first.rowsPerRequest)}`,
    ],
    align: ['left', ...splits.map(() => 'right' as const), 'right'],
    rows,
  };
}

/**
 * The batching comparison, per shape: a row per variant, a column per split of the same rows (1 × N ... N × 1),
 * median run times, and how much longer the most-split case took than one large call. Empty when no shape of the
 * run has two or more different splits of one total.
 */
export function batchingGroups(run: BenchRun): BatchingGroup[] {
  const shapes = [...new Set(run.scenarios.map(shapeOf))];
  return shapes.flatMap((shape) => {
    const results = run.scenarios.filter((r) => shapeOf(r) === shape);
    const splits = splitsOf(results);
    if (!splits) return [];
    return [
      {
        shape,
        totalRows: splits[0].rowsPerRequest * splits[0].requests,
        names: splits.map((s) => s.name),
        table: table(results, splits),
      },
    ];
  });
}
