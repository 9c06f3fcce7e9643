import { loadNoiseSentence } from '@app/explain';
import type { LoadRun } from '@app/load';
import { levelTag, LOAD_TABLE_LEGEND, loadTableColumns, loadTableKey } from '../load-columns';
import type { PlainTable } from '../why-tables';
import { loadSection } from './comparison-section';

function levelsTable(run: LoadRun): PlainTable {
  const columns = loadTableColumns(run.levels);
  return {
    head: columns.map((c) => c.head),
    // Some figures carry a mark (a saturated generator's "!"): left-aligned, a mark does not shift the digits.
    align: columns.map(() => 'left'),
    rows: run.levels.map((level) => columns.map((c) => c.cell(level))),
    key: loadTableKey(columns),
  };
}

/** Each server and engine at each concurrency level, with every level's notes and why the sweep stopped, if it did. */
export const LOAD_SECTION = loadSection({
  id: 'load',
  title: 'Load',
  place: 'after-results',
  appliesTo: () => true,
  blocks: (run) => [
    {
      table: levelsTable(run),
      legend: LOAD_TABLE_LEGEND,
      sentences: [
        ...run.levels.flatMap((l) => l.notes.map((n) => `${levelTag(l)}: ${n}`)),
        ...(run.stopped ? [run.stopped] : []),
        // How quiet the machine was, as every bench verdict says it; each disturbed level is named in the table's notes
        // below.
        ...[loadNoiseSentence(run.levels)].filter((s): s is string => s !== null),
        ...run.levels
          .filter((l) => l.disturbed)
          .map(
            (l) =>
              `${levelTag(l)}: disturbed, ` +
              `${l.foreignCpuCores} cores of other CPU beside it (above ` +
              `${l.disturbedAbove}): its figures describe the machine's other work as well.`,
          ),
      ],
    },
  ],
});
