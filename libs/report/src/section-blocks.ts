import { type ComparisonSection } from '@app/printers';
import type { SavedRun } from '@app/explain';
import type { TextBlockSpec } from './chart-spec.interface';
import { runName } from './run-names';
import type { TaggedRun } from './section-charts';

/**
 * A section's blocks for the page, from each run it applies to; with runs overlaid, each run's first block is headed
 * by the run's name, so a reader sees whose table it is.
 */
export function textBlocks(
  section: ComparisonSection,
  applying: readonly TaggedRun[],
  runs: readonly SavedRun[],
): TextBlockSpec[] {
  return applying.flatMap(({ run, runIndex }) =>
    section.blocks(run).map((block, k) => {
      const heading =
        runs.length > 1 && k === 0 ? [runName(run), block.heading].filter(Boolean).join(': ') : block.heading;
      const table = block.table && {
        head: block.table.head,
        numeric: block.table.align.map((a) => a === 'right'),
        rows: block.table.rows,
      };
      return {
        id: `${section.id}-${runIndex + 1}-${k + 1}`,
        ...(heading ? { heading } : {}),
        ...(table ? { table } : {}),
        ...(block.legend === undefined ? {} : { legend: block.legend }),
        ...(block.lead === undefined ? {} : { lead: block.lead }),
        sentences: block.sentences ?? [],
      };
    }),
  );
}
