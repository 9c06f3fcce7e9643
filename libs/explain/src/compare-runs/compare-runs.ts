import ttest from 'ttest';
import type { BenchRun } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { compareMedians } from '@app/bench';
import { MEDIAN_CI_LEVEL, type MedianInterval } from '@app/bench';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';

/** What makes two results the same measurement: a renamed or resized scenario is a different one. */
export interface ScenarioKey {
  name: string;
  transport: ScenarioResult['transport'];
  variant: ScenarioResult['variant'];
  mode: ScenarioResult['mode'];
  rowsPerRequest: number;
  requests: number;
  concurrency: number;
}

/**
 * From the medians' confidence intervals: apart one way or the other, or overlapping; 'too few runs' when either side
 * has fewer than MIN_RUNS_FOR_VERDICT measured runs, whatever the intervals show.
 */
export type CompareVerdict = 'B faster' | 'B slower' | 'not distinguishable' | 'too few runs';

/** One scenario x transport in both runs; times in ms, diff percentages > 0 mean B took longer. */
export interface ScenarioDiff extends ScenarioKey {
  meanA: number;
  meanB: number;
  medianA: number;
  medianB: number;
  /** Of the means; null when A's mean is 0, where a percentage means nothing. */
  diffPercent: number | null;
  /** Of the medians; null when A's median is 0. */
  medianDiffPercent: number | null;
  /** The medians' distribution-free intervals, computed from the per-run times; null for a side with no runs. */
  medianCiA: MedianInterval | null;
  medianCiB: MedianInterval | null;
  /** The answer: from the intervals (stats/compare-medians.ts), not from the t-test. */
  verdict: CompareVerdict;
  /** Welch's t-test on the per-run times, as autocannon-compare does; null when either side has fewer than 2 runs. */
  pValue: number | null;
  /** pValue < alpha; kept beside the verdict, which does not use it. */
  significant: boolean;
}

export interface RunComparison {
  a: { id: string; label: string | null };
  b: { id: string; label: string | null };
  /** For Welch's p-value only. */
  alpha: number;
  /** The confidence the median intervals aim for. */
  level: number;
  matched: ScenarioDiff[];
  onlyInA: ScenarioKey[];
  onlyInB: ScenarioKey[];
}

function keyOf(r: ScenarioResult): ScenarioKey {
  const { name, transport, variant, mode, rowsPerRequest, requests, concurrency } = r;
  return { name, transport, variant, mode, rowsPerRequest, requests, concurrency };
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

const VERDICTS = {
  'a-lower': 'B slower',
  'b-lower': 'B faster',
  'not distinguishable': 'not distinguishable',
} as const;
const percent = (from: number, to: number) => (from === 0 ? null : ((to - from) / from) * 100);

function diff(a: ScenarioResult, b: ScenarioResult, alpha: number, level: number): ScenarioDiff {
  // From the runs, not from stats: result files saved before stats carried the interval compare the same way.
  const timesA = a.runs.map((s) => s.ms);
  const timesB = b.runs.map((s) => s.ms);
  const medians = timesA.length > 0 && timesB.length > 0 ? compareMedians(timesA, timesB, level) : null;
  const pValue = welchPValue(timesA, timesB);
  return {
    ...keyOf(a),
    meanA: a.stats.meanMs,
    meanB: b.stats.meanMs,
    medianA: a.stats.medianMs,
    medianB: b.stats.medianMs,
    diffPercent: percent(a.stats.meanMs, b.stats.meanMs),
    medianDiffPercent: percent(a.stats.medianMs, b.stats.medianMs),
    medianCiA: medians?.a ?? null,
    medianCiB: medians?.b ?? null,
    verdict:
      Math.min(timesA.length, timesB.length) < MIN_RUNS_FOR_VERDICT
        ? 'too few runs'
        : VERDICTS[medians?.order ?? 'not distinguishable'],
    pValue,
    significant: pValue !== null && pValue < alpha,
  };
}

/**
 * Run A against run B, result by result. The verdict comes from the medians' 95% intervals (apart or overlapping);
 * Welch's t-test on the means (autocannon-compare's test, alpha 0.05) is reported beside it.
 */
export function compareRuns(a: BenchRun, b: BenchRun, alpha = 0.05, level = MEDIAN_CI_LEVEL): RunComparison {
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
      matched.push(diff(ra, rb, alpha, level));
    } else {
      onlyInA.push(keyOf(ra));
    }
  }
  return {
    a: { id: a.id, label: a.label },
    b: { id: b.id, label: b.label },
    alpha,
    level,
    matched,
    onlyInA,
    onlyInB: b.scenarios.filter((r) => !paired.has(r)).map(keyOf),
  };
}
