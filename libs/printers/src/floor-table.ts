import { effectOf, type FloorPlacements } from '@app/explain';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import { human } from './table-columns';
import { caseCell } from './case-cell';
import type { PlainTable } from './why-tables';

export const FLOOR_LEGEND =
  "Per case and family: the family's fastest Node path in the run (lowest median) and the native floor, the fastest " +
  'of its Go reference server variants (net/http + encoding/json, grpc-go + protobuf-go; docs/floor.md), reached by ' +
  'the same Node client. "× floor" is the Node median over the floor\'s, with its 95% bootstrap interval; ' +
  '"faster" or "slower" is the Node path\'s, named only when the interval lies wholly on one side of 1 and with at ' +
  `least ${MIN_RUNS_FOR_VERDICT} measured runs a side. The client's decode is in both: the floor is the server side's.`;

/** One row per case and family: the fastest Node path, the floor, and the ratio with its interval. */
export function floorTable(placements: FloorPlacements): PlainTable {
  return {
    head: ['case', 'family', 'fastest Node', 'median ms', 'floor', 'floor ms', '× floor', '95% CI', 'Node path'],
    align: ['left', 'left', 'left', 'right', 'left', 'right', 'right', 'right', 'left'],
    rows: placements.rows.map((p) => [
      caseCell(p),
      p.family,
      p.best,
      human(p.bestMs, 2),
      p.floor,
      human(p.floorMs, 2),
      human(p.versus.medianRatio, 2),
      p.versus.ratioCi ? `${human(p.versus.ratioCi.low, 2)}–${human(p.versus.ratioCi.high, 2)}` : '',
      effectOf(p.versus),
    ]),
    key: [0, 1],
  };
}
