import type { ScenarioResult } from '@app/bench';
import { scenarioWallParts } from '@app/bench';
import type { WallPart } from '@app/bench';
import { human, type TableColumn } from './table-columns';
import { microsPerRow, PER_ROW_PHASE_INFO, type PerRowPhaseField } from './phase-columns';

const part = (head: string, name: WallPart): TableColumn => ({
  head,
  align: 'right',
  cell: (r: ScenarioResult) => human(scenarioWallParts(r)?.parts[name], 2),
});
const perRow = (field: PerRowPhaseField): TableColumn => ({
  head: PER_ROW_PHASE_INFO[field].head,
  align: 'right',
  cell: (r: ScenarioResult) => human(microsPerRow(r.phases?.[field], r.rowsPerRequest), 2),
});

/**
 * The breakdown table: each variant's median run, the time its verdict compares, cut into parts (phases/wall-parts.ts).
 * Read left to right it is the life of the request that finished last, and the columns from queue to unattributed add
 * up to `median ms`; overlap is inside transfer and shown apart.
 */
export const PHASE_TABLE_COLUMNS: readonly TableColumn[] = [
  { head: 'scenario', align: 'left', cell: (r) => r.name },
  { head: 'variant', align: 'left', cell: (r) => r.variant },
  { head: 'median ms', align: 'right', cell: (r) => human(scenarioWallParts(r)?.wallMs, 2) },
  part('queue', 'queue'),
  part('generate', 'generate'),
  part('serialize', 'serialize'),
  perRow('serverSerializeMs'),
  part('compress', 'compress'),
  part('wait', 'wait'),
  part('transfer', 'transfer'),
  part('decompress', 'decompress'),
  part('decode', 'decode'),
  perRow('clientDecodeMs'),
  part('other', 'other'),
  part('unattributed', 'unattributed'),
  { head: '(overlap)', align: 'right', cell: (r) => human(scenarioWallParts(r)?.overlapMs, 2) },
];

export const PHASE_LEGEND =
  "Where the time went: each variant's median run (the mean of the two middle runs for an even count), ms, the " +
  'time its verdict ' +
  "compares (one request's, or a parallel batch's wall time), cut into the parts the request that finished " +
  'last lived: queue is its wait ' +
  "to be sent behind the batch's other requests; generate, serialize and compress are the server's own figures " +
  '(Server-Timing header / ' +
  'gRPC trailer); wait is the rest of the wait for the first byte (the trip, both frameworks, scheduling); ' +
  'transfer is first to last byte; ' +
  "decompress and decode are the client's; other is the client library's plumbing after the last byte; " +
  'unattributed is what no reported ' +
  'phase covers. They add up to median ms. (overlap): server and client work that ran during the transfer (a ' +
  'stream builds, sends and ' +
  "decodes at once), inside transfer, not added. ser µs/row and dec µs/row are the median run's serialize and " +
  'decode per row of a ' +
  'request (means over its requests, overlap included), so serializers compare across sizes and shapes. An ' +
  'empty cell: the path reports no ' +
  'phases (see notes in summary.csv).';

/** Whether a run has any breakdown to show (results written before phases existed have none). */
export function hasPhases(results: readonly ScenarioResult[]): boolean {
  return results.some((r) => scenarioWallParts(r));
}
