import type { VariantVersus } from '@app/bench';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import { effectOf } from './sentence-parts';

const two = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = (v: number) => v.toLocaleString('en-US');

/**
 * Runs a side that would likely narrow the ratio's interval enough to exclude 1, if the spread stays as it is: an
 * interval's width shrinks as 1/√n, so n × (distance from the ratio to the interval's end beyond 1 / distance from
 * the ratio to 1)², on a log scale (ratios are symmetric there). At least one more run and at least the minimum.
 * Infinity when the medians are equal: no number of runs separates them.
 */
export function runsToTellApart(v: VariantVersus, runs: number): number {
  const ci = v.ratioCi;
  const gap = Math.abs(Math.log(v.medianRatio));
  if (!ci || gap === 0 || !Number.isFinite(gap)) return Infinity;
  const spread = v.medianRatio < 1 ? Math.log(ci.high / v.medianRatio) : Math.log(v.medianRatio / ci.low);
  return Math.max(runs + 1, MIN_RUNS_FOR_VERDICT, Math.ceil(runs * (spread / gap) ** 2));
}

/**
 * Whether the runs can tell a variant from what it is compared with, in words for the page: too few runs for any
 * verdict (below MIN_RUNS_FOR_VERDICT a side), told apart (the medians' intervals miss each other and the ratio's
 * interval excludes 1, so the words agree with both columns shown beside them), or not, with about how many runs
 * might. `maxRuns` is the most a call may ask for.
 */
export function apartSentence(
  v: VariantVersus,
  runs: { variant: number; against: number },
  maxRuns = Infinity,
): string {
  const pair = `${v.variant} vs ${v.against}`;
  const fewest = Math.min(runs.variant, runs.against);
  if (fewest < MIN_RUNS_FOR_VERDICT)
    return (
      `${pair}: ${whole(fewest)} ` +
      `run${fewest === 1 ? '' : 's'} a side cannot tell these apart; use ${MIN_RUNS_FOR_VERDICT} or more.`
    );
  const ci = v.ratioCi ? ` (95% CI ${two(v.ratioCi.low)}–${two(v.ratioCi.high)})` : '';
  const ratio = `${v.variant} took ${two(v.medianRatio)}× the time of ${v.against}${ci}`;
  if (v.distinguishable && effectOf(v) !== 'cannot tell') return `${pair}: the runs tell these apart: ${ratio}.`;
  const needed = runsToTellApart(v, fewest);
  const more = !Number.isFinite(needed)
    ? 'the medians are equal, and more runs would not separate them'
    : needed <= maxRuns
      ? `about ${whole(needed)} runs a side might, if their spread stays as it is`
      : `more runs than a call may ask for ` +
        `(${whole(maxRuns)}) would be needed: any difference is small against the spread of the runs`;
  return `${pair}: ${whole(fewest)} runs a side cannot tell these apart: ${ratio}; ${more}.`;
}
