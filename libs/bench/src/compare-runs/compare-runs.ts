import ttest from 'ttest';
import type { BenchRun } from '../result/bench-run.interface';
import type { ScenarioResult } from '../result/result.interface';

/** What makes two results the same measurement: a renamed or resized scenario is a different one. */
export interface ScenarioKey {
  name: string;
  transport: ScenarioResult['transport'];
  mode: ScenarioResult['mode'];
  rowsPerRequest: number;
  requests: number;
  concurrency: number;
}

/** One scenario x transport in both runs; times in ms, diffPercent > 0 means B took longer. */
export interface ScenarioDiff extends ScenarioKey {
  meanA: number;
  meanB: number;
  medianA: number;
  medianB: number;
  /** Null when A's mean is 0, where a percentage means nothing. */
  diffPercent: number | null;
  /** Welch's t-test on the per-run times; null when either side has fewer than 2 runs. */
  pValue: number | null;
  significant: boolean;
}

export interface RunComparison {
  a: { id: string; label: string | null };
  b: { id: string; label: string | null };
  alpha: number;
  matched: ScenarioDiff[];
  onlyInA: ScenarioKey[];
  onlyInB: ScenarioKey[];
}

function keyOf(r: ScenarioResult): ScenarioKey {
  const { name, transport, mode, rowsPerRequest, requests, concurrency } = r;
  return { name, transport, mode, rowsPerRequest, requests, concurrency };
}

const keyText = (r: ScenarioResult) => JSON.stringify(Object.values(keyOf(r)));

export function welchPValue(a: number[], b: number[]): number | null {
  if (a.length < 2 || b.length < 2) return null;
  const p = ttest(a, b, { varEqual: false }).pValue();
  if (!Number.isNaN(p)) return p;
  // NaN only when both sides have zero spread: then equal means are certainly equal and different ones certainly not.
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  return mean(a) === mean(b) ? 1 : 0;
}

function diff(a: ScenarioResult, b: ScenarioResult, alpha: number): ScenarioDiff {
  const pValue = welchPValue(a.runs.map((s) => s.ms), b.runs.map((s) => s.ms));
  const meanA = a.stats.meanMs;
  const meanB = b.stats.meanMs;
  return {
    ...keyOf(a),
    meanA,
    meanB,
    medianA: a.stats.medianMs,
    medianB: b.stats.medianMs,
    diffPercent: meanA === 0 ? null : ((meanB - meanA) / meanA) * 100,
    pValue,
    significant: pValue !== null && pValue < alpha,
  };
}

/** Run A against run B, result by result, the way autocannon-compare does it (Welch's t-test, alpha 0.05). */
export function compareRuns(a: BenchRun, b: BenchRun, alpha = 0.05): RunComparison {
  // Results of B not yet paired; a key repeated within a run pairs up in order of appearance.
  const candidates = new Map<string, ScenarioResult[]>();
  for (const r of b.scenarios) candidates.set(keyText(r), [...(candidates.get(keyText(r)) ?? []), r]);
  const paired = new Set<ScenarioResult>();
  const matched: ScenarioDiff[] = [];
  const onlyInA: ScenarioKey[] = [];
  for (const ra of a.scenarios) {
    const rb = candidates.get(keyText(ra))?.shift();
    if (rb) {
      paired.add(rb);
      matched.push(diff(ra, rb, alpha));
    } else {
      onlyInA.push(keyOf(ra));
    }
  }
  return {
    a: { id: a.id, label: a.label },
    b: { id: b.id, label: b.label },
    alpha,
    matched,
    onlyInA,
    onlyInB: b.scenarios.filter((r) => !paired.has(r)).map(keyOf),
  };
}
