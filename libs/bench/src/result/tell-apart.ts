import type { RunSample } from './result.interface';
import { invocationCount, runsByInvocation } from './runs-by-invocation';
import { twoLevelMedianInterval, twoLevelMedianRatio, type RatioEstimate } from '../stats/bootstrap-ratio';
import { compareMedians, type MedianOrder } from '../stats/compare-medians';
import { MIN_RUNS_FOR_VERDICT } from '../stats/min-runs-for-verdict';

/** What two sides' runs can say about which median is lower. */
export interface TellApart {
  /** a-lower / b-lower only when the medians' 95% intervals do not overlap and each side has enough runs. */
  order: MedianOrder;
  /** median(b) / median(a) with its bootstrap interval (two-level with several invocations); null without runs. */
  ratioCi: RatioEstimate | null;
  /** The smaller of the two sides' measured-run counts. */
  runsPerSide: number;
  /** Fewer than MIN_RUNS_FOR_VERDICT runs on a side: the interval is shown, but no side is named faster. */
  tooFewRuns: boolean;
}

/**
 * Side a against side b. One invocation: the medians' order-statistics intervals (stats/compare-medians.ts) and the
 * one-level ratio bootstrap, as always. Several: both from the two-level bootstrap, with the two sides lined up by
 * invocation (they ran in the same processes). Either way, below MIN_RUNS_FOR_VERDICT runs a side, no order.
 */
export function tellApart(a: readonly RunSample[], b: readonly RunSample[]): TellApart {
  const runsPerSide = Math.min(a.length, b.length);
  const tooFewRuns = runsPerSide < MIN_RUNS_FOR_VERDICT;
  const invocations = Math.max(invocationCount(a), invocationCount(b), 1);
  const groupsA = runsByInvocation(a, invocations);
  const groupsB = runsByInvocation(b, invocations);
  const ratioCi = twoLevelMedianRatio(groupsA, groupsB);
  let order: MedianOrder = 'not distinguishable';
  if (!tooFewRuns)
    order = invocations === 1 ? compareMedians(groupsA[0], groupsB[0]).order : twoLevelOrder(groupsA, groupsB);
  return { order, ratioCi, runsPerSide, tooFewRuns };
}

function twoLevelOrder(a: number[][], b: number[][]): MedianOrder {
  const ciA = twoLevelMedianInterval(a);
  const ciB = twoLevelMedianInterval(b);
  if (!ciA || !ciB) return 'not distinguishable';
  return ciA.high < ciB.low ? 'a-lower' : ciB.high < ciA.low ? 'b-lower' : 'not distinguishable';
}
