// What every gRPC/JSON ratio chart shares (per shape, per serializer, per runtime): the verdict an interval names,
// the interval as a bar's whisker and as table text, and the words around them. One place, so the charts agree.

/** A ratio with its bootstrap interval, and whether it has too few runs a side to name anything. */
export interface RatioWithInterval {
  ratioCi: { low: number; high: number } | null;
  tooFewRuns: boolean;
}

export const two = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Which side a ratio's interval names, as the sentences say it (shape-sentences.ts, runtime-sentences.ts). */
export function ratioVerdict(v: RatioWithInterval): string {
  if (v.tooFewRuns) return 'too few runs';
  if (v.ratioCi && v.ratioCi.high < 1) return 'gRPC faster';
  if (v.ratioCi && v.ratioCi.low > 1) return 'JSON faster';
  return 'not told apart';
}

/** The interval as a bar chart's whisker [low, high]; null where there is none. */
export const ratioInterval = (v: Pick<RatioWithInterval, 'ratioCi'> | undefined): [number, number] | null =>
  v?.ratioCi ? [v.ratioCi.low, v.ratioCi.high] : null;

export const ratioCiText = (v: Pick<RatioWithInterval, 'ratioCi'>) =>
  v.ratioCi ? `${two(v.ratioCi.low)}–${two(v.ratioCi.high)}` : '';

export const RATIO_AXIS_TITLE = 'gRPC/JSON median time ratio (×, above 1 = gRPC slower)';

export const RATIO_CAPTION_END =
  ' The thin dark bar beside each bar is the 95% interval of the ratio: a side is named only where it lies ' +
  'wholly above or below 1.';
