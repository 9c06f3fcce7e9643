import type { VariantVersus } from '@app/bench';
import { VARIANTS } from '@app/bench';
import type { CaseExplanation } from './explanation.interface';
import {
  caseWords,
  effectOf,
  gapSentence,
  interval,
  noiseClause,
  times,
  verdictPhrase,
  verdictSentence,
} from './sentence-parts';

/**
 * "For `numeric` rows (one request of 27,000 rows)": the case as the per-shape sentences name it (its shape when
 * named).
 */
export function shapeCaseWords(c: CaseExplanation): string {
  return c.shape === null ? `For ${caseWords(c)}` : `For \`${c.shape}\` rows (${caseWords(c)})`;
}

/** "For `numeric` rows (...), gRPC took 0.60× JSON's time (95% CI 0.55–0.66): gRPC is faster." */
export function shapeVerdictSentence(
  c: CaseExplanation & { grpcVsJson: VariantVersus },
  noise?: string | null,
): string {
  const vs = c.grpcVsJson;
  return verdictSentence(
    `${shapeCaseWords(c)}, gRPC took ${times(vs.medianRatio)} JSON's time${interval(vs)}`,
    verdictPhrase(vs, 'gRPC', 'JSON'),
    noise,
  );
}

/**
 * Each gRPC serializer in the case against json, and what the ratios say together: when one serializer is told
 * faster than JSON and another told slower, the verdict is the serializer's, not the protocol's; when every one is
 * told on the same side, it holds whichever serializer. Null without a serializer variant in the case.
 */
export function serializerSentence(c: CaseExplanation): string | null {
  if (c.serializers.length < 2) return null;
  const parts = c.serializers.map(
    (s) => `with ${s.variant} it took ${times(s.medianRatio)}${interval(s)}, ${verdictPhrase(s, s.variant, 'JSON')}`,
  );
  const effects = c.serializers.map(effectOf);
  const conclusion =
    effects.includes('faster') && effects.includes('slower')
      ? ': the serializer, not the protocol'
      : effects.every((e) => e === 'faster')
        ? ': gRPC is faster with every serializer'
        : effects.every((e) => e === 'slower')
          ? ': JSON is faster whichever gRPC serializer'
          : ': no one verdict holds for every serializer';
  return `${shapeCaseWords(c)}, against json: ${parts.join('; ')}${conclusion}.`;
}

/**
 * The one-message gRPC-family variants that are on the serializer axis (a serializer, or the baseline one changes).
 * Not the streams (grpc-stream-static, grpc-stream): against `json`'s one message they would change the message form
 * too; their serializer shows against their own baseline, among the factors.
 */
export function isGrpcSerializerVariant(variant: string, present: readonly string[]): boolean {
  const info = VARIANTS[variant as keyof typeof VARIANTS];
  if (!info || info.family !== 'grpc' || info.streaming) return false;
  if (info.factor === 'serializer') return true;
  return present.some(
    (other) =>
      VARIANTS[other as keyof typeof VARIANTS]?.factor === 'serializer' &&
      VARIANTS[other as keyof typeof VARIANTS].baseline === variant,
  );
}

/**
 * Per shape, what decided it: the verdict with its interval, where the gap went by phase (only where the runs name a
 * side: a gap they cannot tell from noise explains nothing), and the serializers. Only the cases whose shape is named
 * (explain-run.ts), for summary.md's "By shape" section.
 */
export function shapeSentences(cases: readonly CaseExplanation[]): string[] {
  return cases
    .filter((c): c is CaseExplanation & { grpcVsJson: VariantVersus } => c.shape !== null && c.grpcVsJson !== null)
    .flatMap((c) => {
      const told = ['faster', 'slower'].includes(effectOf(c.grpcVsJson));
      return [
        shapeVerdictSentence(c, noiseClause(c.noise)),
        told ? gapSentence(c) : null,
        serializerSentence(c),
      ].filter((s): s is string => s !== null);
    });
}
