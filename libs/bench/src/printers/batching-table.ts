import type { BenchRun } from '../result/bench-run.interface';
import { human } from './table-columns';
import type { PlainTable } from './why-tables';

/** What the batching table shows, said once for summary.md and report.html. */
export const BATCHING_NOTE =
  'Median run time for the same rows fetched in one call and split into ever more, smaller calls (all in flight at once); the last column is how many times longer the most-split case took.';

/**
 * The batching preset as one table: a row per variant, a column per split of the same rows (1 x N ... N x 1),
 * median run times, and how much longer the most-split case took than one large call. Null when the run has no
 * scenarios that split one total differently.
 */
export function batchingTable(run: BenchRun): PlainTable | null {
  const splits = [...new Map(run.scenarios.map((r) => [r.name, r])).values()].sort((a, b) => a.requests - b.requests);
  const totals = new Set(splits.map((r) => r.rowsPerRequest * r.requests));
  if (splits.length < 2 || totals.size !== 1) return null;
  const variants = [...new Set(run.scenarios.map((r) => r.variant ?? r.transport))];
  const median = (variant: string, name: string) => run.scenarios.find((r) => (r.variant ?? r.transport) === variant && r.name === name)?.stats.medianMs;
  const first = splits[0].name;
  const last = splits[splits.length - 1].name;
  const rows = variants.map((v) => {
    const one = median(v, first);
    const many = median(v, last);
    return [v, ...splits.map((s) => human(median(v, s.name), 2)), one && many ? human(many / one, 2) : ''];
  });
  return {
    head: ['variant', ...splits.map((s) => `${human(s.requests)} × ${human(s.rowsPerRequest)} ms`), `${human(splits[splits.length - 1].requests)} × ${human(splits[splits.length - 1].rowsPerRequest)} / 1 × ${human(splits[0].rowsPerRequest)}`],
    align: ['left', ...splits.map(() => 'right' as const), 'right'],
    rows,
  };
}
