import type { RunSample, RunStats } from '../result/result.interface';
import { invocationCount, runsByInvocation } from '../result/runs-by-invocation';
import { roundMicros } from '../round-micros';
import { twoLevelMedianInterval } from '../stats/bootstrap-ratio';
import { betweenInvocationShare } from '../stats/invocation-variance';
import { MEDIAN_CI_LEVEL } from '../stats/order-statistics';
import { aggregate } from './aggregate';

/**
 * A scenario's measured runs -> its statistics. From one invocation, exactly aggregate()'s (the median's interval
 * from order statistics). From several, the median's interval is the two-level bootstrap's instead: the order-
 * statistics interval assumes every run an independent draw, and runs of one process are not independent of each
 * other when processes differ (JIT, GC, heap layout), so it would be too narrow.
 */
export function aggregateRuns(runs: readonly RunSample[]): RunStats {
  const stats = aggregate(runs.map((r) => r.ms));
  const invocations = Math.max(1, invocationCount(runs));
  if (invocations === 1) return { ...stats, invocations, betweenInvocationShare: null };
  const groups = runsByInvocation(runs, invocations);
  const ci = twoLevelMedianInterval(groups, MEDIAN_CI_LEVEL);
  const share = betweenInvocationShare(groups);
  return {
    ...stats,
    medianCiLowMs: ci ? roundMicros(ci.low) : stats.medianCiLowMs,
    medianCiHighMs: ci ? roundMicros(ci.high) : stats.medianCiHighMs,
    medianCiLevel: ci ? ci.level : stats.medianCiLevel,
    invocations,
    betweenInvocationShare: share === null ? null : Math.round(share * 1e4) / 1e4,
  };
}
