import { type ConnectPlacements, type ConnectVersus, effectOf } from '@app/explain';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import { human } from './table-columns';
import { caseCell } from './case-cell';
import type { PlainTable } from './why-tables';

export const CONNECT_LEGEND =
  "Per case and Connect variant: its median run time, and that median over json's and over grpc's in the same " +
  "case (below 1: the Connect variant took less) with the ratio's 95% bootstrap interval. " +
  `"faster" or "slower" is the Connect variant's, named only when the interval lies wholly on one side of 1 ` +
  `and with at least ${MIN_RUNS_FOR_VERDICT} measured runs a side ("too few runs" otherwise). ` +
  'The sentences list the wire factors that differ (HTTP version or connection use, protocol, message form, ' +
  'encoding, serializer; docs/variants.md); every Connect variant also differs from both in its client and ' +
  'server libraries.';

const ratio = (v: ConnectVersus | null) => (v ? human(v.medianRatio, 2) : '');
const ci = (v: ConnectVersus | null) => (v?.ratioCi ? `${human(v.ratioCi.low, 2)}–${human(v.ratioCi.high, 2)}` : '');
const verdict = (v: ConnectVersus | null) => (v ? effectOf(v) : '');

/** The connect table: one row per case and Connect variant, its ratio to json and to grpc with their intervals. */
export function connectTable(placements: ConnectPlacements): PlainTable {
  return {
    head: [
      'case',
      'variant',
      'median ms',
      '/ json',
      'json ratio 95% CI',
      'vs json',
      '/ grpc',
      'grpc ratio 95% CI',
      'vs grpc',
    ],
    align: ['left', 'left', 'right', 'right', 'right', 'left', 'right', 'right', 'left'],
    rows: placements.rows.map((p) => [
      caseCell(p),
      p.variant,
      human(p.medianMs, 2),
      ratio(p.vsJson),
      ci(p.vsJson),
      verdict(p.vsJson),
      ratio(p.vsGrpc),
      ci(p.vsGrpc),
      verdict(p.vsGrpc),
    ]),
    key: [0, 1],
  };
}
