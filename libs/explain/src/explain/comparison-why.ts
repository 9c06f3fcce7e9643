import { phaseStack, type PhaseStack } from '@app/bench';
import { scenarioWallParts } from '@app/bench';
import type { VariantComparison } from '@app/bench';
import { explainScenarios } from './explain-run';
import { apartSentence } from './apart-sentence';

/** Why one comparison came out as it did: the picture, the sentences, and whether the runs can tell at all. */
export interface ComparisonWhy {
  /** Where each variant's median run's time went, a bar per variant in the order asked. */
  phases: PhaseStack;
  /** The explain sentences (explain-sentences.ts) of the case: gRPC against JSON, each factor's effect. */
  sentences: string[];
  /** One sentence per comparison in `versus`: told apart, or not and what it would take. */
  apart: string[];
}

export type ExplainedComparison = VariantComparison & { why: ComparisonWhy };

/** A /client/compare?variants= reply with its why, from the same results (nothing measured here). */
export function explainComparison(comparison: VariantComparison, maxRuns?: number): ExplainedComparison {
  const { results, versus } = comparison;
  const runsOf = (variant: string) => results.find((r) => r.variant === variant)?.stats.n ?? 0;
  return {
    ...comparison,
    why: {
      phases: phaseStack(results.map((r) => ({ label: r.variant, parts: scenarioWallParts(r) }))),
      sentences: explainScenarios(results).sentences,
      apart: versus.map((v) => apartSentence(v, { variant: runsOf(v.variant), against: runsOf(v.against) }, maxRuns)),
    },
  };
}
