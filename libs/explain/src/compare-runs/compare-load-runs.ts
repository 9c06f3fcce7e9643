import type { LoadLevelResult } from '@app/load';
import type { LoadRun } from '@app/load';
import { levelShape, shapeTag } from '@app/load';
import { CompareVerdict, welchPValue } from './compare-runs';

/** One level x target x transport in both load runs; diffPercent > 0 means B served more requests per second. */
export interface LoadLevelDiff {
  key: string;
  rpsA: number;
  rpsB: number;
  diffPercent: number | null;
  p99A: number;
  p99B: number;
  /** Welch's t-test on the requests completed in each second of the two windows (as autocannon-compare does). */
  pValue: number | null;
  significant: boolean;
  /** The same words as a bench comparison: "B faster" serves more requests per second, significantly. */
  verdict: CompareVerdict;
}

export interface LoadComparison {
  a: { id: string; label: string | null };
  b: { id: string; label: string | null };
  alpha: number;
  matched: LoadLevelDiff[];
  onlyInA: string[];
  onlyInB: string[];
}

function keyOf(l: LoadLevelResult): string {
  const rate = l.rate === null ? '' : ` rate=${l.rate}`;
  const engine = (l.engine ?? 'wirebench') === 'wirebench' ? '' : ` engine=${l.engine}`;
  // ` shape=X` for all but `row`, so runs saved before shapes (all `row`) still match today's `row` levels.
  const shape = shapeTag(l) === '' ? '' : ` shape=${levelShape(l)}`;
  // Each runtime's levels match only the same runtime's: a comparison never sets one node's figures against another's.
  const runtime = l.runtime?.label
    ? ` runtime=${l.runtime.label}${l.runtime.round ? ` round=${l.runtime.round}` : ''}`
    : '';
  return (
    `${l.transport}/${l.targetKind}${engine}${shape}${runtime} ` +
    `${l.mode} c=${l.concurrency} conn=${l.connections} rows=${l.rows}${rate}`
  );
}

export function compareLoadRuns(a: LoadRun, b: LoadRun, alpha = 0.05): LoadComparison {
  const inB = new Map(b.levels.map((l) => [keyOf(l), l]));
  const inA = new Set(a.levels.map(keyOf));
  const matched: LoadLevelDiff[] = [];
  for (const la of a.levels) {
    const lb = inB.get(keyOf(la));
    if (!lb) continue;
    const pValue = welchPValue(la.perSecond, lb.perSecond);
    matched.push({
      key: keyOf(la),
      rpsA: la.rps,
      rpsB: lb.rps,
      diffPercent: la.rps === 0 ? null : ((lb.rps - la.rps) / la.rps) * 100,
      p99A: la.latency.p99,
      p99B: lb.latency.p99,
      pValue,
      significant: pValue !== null && pValue < alpha,
      verdict:
        pValue === null || pValue >= alpha || lb.rps === la.rps
          ? 'not distinguishable'
          : lb.rps > la.rps
            ? 'B faster'
            : 'B slower',
    });
  }
  return {
    a: { id: a.id, label: a.label },
    b: { id: b.id, label: b.label },
    alpha,
    matched,
    onlyInA: a.levels.map(keyOf).filter((k) => !inB.has(k)),
    onlyInB: b.levels.map(keyOf).filter((k) => !inA.has(k)),
  };
}
