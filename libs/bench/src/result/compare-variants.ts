import type { VariantName } from '../scenario/variants';
import { VARIANTS } from '../scenario/variants';
import type { RatioEstimate } from '../stats/bootstrap-ratio';
import type { ScenarioResult } from './result.interface';
import { tellApart } from './tell-apart';
import { verdictOf, type ComparisonVerdict } from './compare-results';

/** One variant against another from the same interleaved call. */
export interface VariantVersus {
  variant: VariantName;
  /**
   * Its registry baseline when that ran in the same call (so the ratio is one factor's effect), else the first variant.
   */
  against: VariantName;
  /** The factor that separates them, when `against` is the registry baseline. */
  factor: string | null;
  /** median(variant) / median(against): below 1 means the variant took less time. */
  medianRatio: number;
  /**
   * Percentile-bootstrap 95% interval of that ratio (stats/bootstrap-ratio.ts; two-level with several invocations);
   * null without runs. Shown even with too few runs, but then it names no faster side.
   */
  ratioCi: RatioEstimate | null;
  /** The lower median ('tie' when equal), whether or not the runs can tell them apart; null with too few runs. */
  faster: VariantName | 'tie' | null;
  /** The medians' 95% intervals do not overlap, with enough runs (result/tell-apart.ts). */
  distinguishable: boolean;
  /** The smaller of the two sides' measured-run counts. */
  runsPerSide: number;
  /** Fewer than MIN_RUNS_FOR_VERDICT (stats/min-runs-for-verdict.ts) runs on a side: no faster side is named. */
  tooFewRuns: boolean;
  /** The side the runs tell apart as faster, else `cannot tell` or `too few runs` (compare-results.ts' verdictOf). */
  verdict: ComparisonVerdict<VariantName>;
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
  const medianRatio = result.stats.medianMs / reference.stats.medianMs;
  const told = tellApart(reference.runs, result.runs);
  const faster = told.tooFewRuns
    ? null
    : medianRatio > 1
      ? reference.variant
      : medianRatio < 1
        ? result.variant
        : 'tie';
  const distinguishable = told.order !== 'not distinguishable';
  return {
    variant: result.variant,
    against: reference.variant,
    factor,
    medianRatio,
    ratioCi: told.ratioCi,
    faster,
    distinguishable,
    runsPerSide: told.runsPerSide,
    tooFewRuns: told.tooFewRuns,
    verdict: verdictOf(faster, distinguishable, told.tooFewRuns),
  };
}
