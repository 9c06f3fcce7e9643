import type { VariantName } from '../scenario/variants';
import { VARIANTS } from '../scenario/variants';
import { bootstrapMedianRatio, type RatioEstimate } from '../stats/bootstrap-ratio';
import { compareMedians } from '../stats/compare-medians';
import type { ScenarioResult } from './result.interface';

/** One variant against another from the same interleaved call. */
export interface VariantVersus {
  variant: VariantName;
  /** Its registry baseline when that ran in the same call (so the ratio is one factor's effect), else the first variant. */
  against: VariantName;
  /** The factor that separates them, when `against` is the registry baseline. */
  factor: string | null;
  /** median(variant) / median(against): below 1 means the variant took less time. */
  medianRatio: number;
  /** Percentile-bootstrap 95% interval of that ratio (stats/bootstrap-ratio.ts); null without runs. */
  ratioCi: RatioEstimate | null;
  /** The lower median ('tie' when equal), whether or not the runs can tell them apart. */
  faster: VariantName | 'tie';
  /** The medians' 95% intervals do not overlap, with enough runs (stats/compare-medians.ts). */
  distinguishable: boolean;
}

/** Any variants side by side, as /client/compare?variants= answers. */
export interface VariantComparison {
  results: ScenarioResult[];
  versus: VariantVersus[];
}

/** Every variant after the first against its baseline (when present) or the first. */
export function compareVariants(results: ScenarioResult[]): VariantComparison {
  const byVariant = new Map(results.map((r) => [r.variant, r]));
  const versus = results.slice(1).map((result) => {
    const baseline = VARIANTS[result.variant].baseline as VariantName | null;
    const reference = (baseline && byVariant.get(baseline)) || results[0];
    return versusOf(result, reference, reference.variant === baseline ? VARIANTS[result.variant].factor : null);
  });
  return { results, versus };
}

/** `result` against `reference`; ratios above 1 mean `result` took longer. */
export function versusOf(result: ScenarioResult, reference: ScenarioResult, factor: string | null): VariantVersus {
  const times = (r: ScenarioResult) => r.runs.map((s) => s.ms);
  const medianRatio = result.stats.medianMs / reference.stats.medianMs;
  const order = result.runs.length && reference.runs.length ? compareMedians(times(reference), times(result)).order : 'not distinguishable';
  return {
    variant: result.variant,
    against: reference.variant,
    factor,
    medianRatio,
    ratioCi: bootstrapMedianRatio(times(reference), times(result)),
    faster: medianRatio > 1 ? reference.variant : medianRatio < 1 ? result.variant : 'tie',
    distinguishable: order !== 'not distinguishable',
  };
}
