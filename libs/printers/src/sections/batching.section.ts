import { BATCHING_NOTE, batchingGroups } from '../batching-table';
import { human } from '../table-columns';
import { benchSection } from './comparison-section';

export const BATCHING_TITLE = 'Many small calls or one large one';

/**
 * The same rows in one call against split into many: only a run with two or more different splits of one total, per
 * shape (the batching preset); a table per such shape, named when there are several.
 */
export const BATCHING_SECTION = benchSection({
  id: 'batching',
  title: BATCHING_TITLE,
  place: 'before-results',
  appliesTo: (run) => batchingGroups(run).length > 0,
  blocks: (run) => {
    const groups = batchingGroups(run);
    return groups.map((g, i) => ({
      ...(groups.length > 1 ? { heading: `\`${g.shape}\`: ${human(g.totalRows)} rows` } : {}),
      table: g.table,
      ...(i === groups.length - 1 ? { legend: BATCHING_NOTE } : {}),
    }));
  },
});
