import { columnsTable } from '../columns-table';
import { hasPhases, PHASE_LEGEND, PHASE_TABLE_COLUMNS } from '../phase-table-columns';
import { benchSection } from './comparison-section';

/** Where each request's time went, phase by phase: a run whose results report phases (older files have none). */
export const PHASES_SECTION = benchSection({
  id: 'phases',
  title: 'Where the time went',
  place: 'after-results',
  appliesTo: (run) => hasPhases(run.scenarios),
  blocks: (run) => [{ table: columnsTable(run, PHASE_TABLE_COLUMNS), legend: PHASE_LEGEND }],
});
