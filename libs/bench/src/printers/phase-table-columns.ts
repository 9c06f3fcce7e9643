import type { PhaseField } from '../phases/phases.interface';
import type { ScenarioResult } from '../result/result.interface';
import { human, type TableColumn } from './table-columns';
import { microsPerRow, PER_ROW_PHASE_INFO, type PerRowPhaseField } from './phase-columns';

const phase = (head: string, field: PhaseField): TableColumn => ({ head, align: 'right', cell: (r: ScenarioResult) => human(r.phases?.[field], 2) });
const perRow = (field: PerRowPhaseField): TableColumn => ({ head: PER_ROW_PHASE_INFO[field].head, align: 'right', cell: (r: ScenarioResult) => human(microsPerRow(r.phases?.[field], r.rowsPerRequest), 2) });

/**
 * The breakdown table: per request, medians over the runs. Read left to right it is the request's life, and the
 * columns from generate to client other add up to `request ms`; send overlaps transfer and is shown apart.
 */
export const PHASE_TABLE_COLUMNS: readonly TableColumn[] = [
  { head: 'scenario', align: 'left', cell: (r) => r.name },
  { head: 'variant', align: 'left', cell: (r) => r.variant ?? r.transport },
  phase('request ms', 'requestMs'),
  phase('generate', 'serverGenerateMs'),
  phase('serialize', 'serverSerializeMs'),
  perRow('serverSerializeMs'),
  phase('compress', 'serverCompressMs'),
  phase('wait/other', 'waitOtherMs'),
  phase('transfer', 'transferMs'),
  phase('decompress', 'clientDecompressMs'),
  phase('decode', 'clientDecodeMs'),
  perRow('clientDecodeMs'),
  phase('client other', 'clientOtherMs'),
  phase('(send)', 'serverSendMs'),
];

export const PHASE_LEGEND =
  'Where the time went, ms per request (medians over the runs of each run\'s mean over its requests). generate, serialize and compress are the ' +
  'server\'s own figures (Server-Timing header / gRPC trailer); wait/other is the rest of the wait for the first byte (the request\'s trip, ' +
  'both frameworks, scheduling, queueing); transfer is first to last byte; decompress and decode are the client\'s; client other is what remains ' +
  'after decoding (library plumbing). They add up to request ms. ser µs/row and dec µs/row are serialize and decode again per row of a request, so serializers compare across sizes and shapes. (send): the server handing the body to the connection, overlapping transfer. ' +
  'An empty cell: the path has no such phase or did not report it (see notes in summary.csv).';

/** Whether a run has any breakdown to show (results written before phases existed have none). */
export function hasPhases(results: readonly ScenarioResult[]): boolean {
  return results.some((r) => r.phases);
}
