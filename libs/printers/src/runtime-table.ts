import { type RuntimeVerdicts } from '@app/explain';
import { human } from './table-columns';
import { caseCell } from './case-cell';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import type { PlainTable } from './why-tables';

export const RUNTIME_LEGEND =
  'Per case and runtime (the servers and the client on it; both named when split): median run times and ' +
  'gRPC/JSON (below 1: gRPC took less) with its 95% bootstrap interval. ' +
  `"faster" names a side only when that interval lies wholly on one side of 1, and only with at least ` +
  `${MIN_RUNS_FOR_VERDICT} measured runs a side ("too few runs" otherwise). ` +
  "The sentences compare each phase with the first runtime's and name a phase only where the interval of its " +
  'ratio excludes 1.';

/** The runtime axis's table: one row per case and runtime. */
export function runtimeTable(verdicts: RuntimeVerdicts): PlainTable {
  return {
    head: ['case', 'runtime', 'JSON median ms', 'gRPC median ms', 'gRPC/JSON', 'ratio 95% CI', 'faster'],
    align: ['left', 'left', 'right', 'right', 'right', 'right', 'left'],
    rows: verdicts.rows.map((r) => [
      caseCell(r),
      r.runtimeWords,
      human(r.jsonMs, 2),
      human(r.grpcMs, 2),
      human(r.ratio, 2),
      r.ratioCi ? `${human(r.ratioCi.low, 2)}–${human(r.ratioCi.high, 2)}` : '',
      r.verdict,
    ]),
    key: [0, 1],
  };
}
