import { type NetworkVerdicts } from '@app/explain';
import { human } from './table-columns';
import { caseCell } from './case-cell';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import type { PlainTable } from './why-tables';

export const NETWORK_LEGEND =
  'Per case and network profile: the path measured just before the case (round trip, throughput server -> ' +
  'client; "flagged" when more than 20% off the profile), ' +
  'median run times and gRPC/JSON (below 1: gRPC took less) with its 95% bootstrap interval. "faster" names a ' +
  'side only when that interval lies wholly on one side of 1, ' +
  `and only with at least ${MIN_RUNS_FOR_VERDICT} measured runs a side ("too few runs" otherwise).`;

/** The network preset's table: one row per case, pair and profile. */
export function networkTable(verdicts: NetworkVerdicts): PlainTable {
  return {
    head: [
      'case',
      'compared',
      'profile',
      'path RTT ms',
      'path Mbit/s',
      'JSON median ms',
      'gRPC median ms',
      'gRPC/JSON',
      'ratio 95% CI',
      'faster',
    ],
    align: ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    rows: verdicts.rows.map((r) => [
      caseCell(r),
      r.pair,
      r.profile + (r.network?.flagged ? ' (flagged)' : ''),
      human(r.network?.rttMs, 2),
      human(r.network?.mbps, 1),
      human(r.jsonMs, 2),
      human(r.grpcMs, 2),
      human(r.ratio, 2),
      r.ratioCi ? `${human(r.ratioCi.low, 2)}–${human(r.ratioCi.high, 2)}` : '',
      r.verdict,
    ]),
    key: [0, 1, 2],
  };
}
