import type { VariantVersus } from '../result/compare-variants';
import { VARIANTS } from '../scenario/variants';
import { MIN_RUNS_FOR_VERDICT } from '../stats/min-runs-for-verdict';
import type { CaseExplanation } from './explanation.interface';
import { caseWords, effectOf, gapSentence, interval, noiseClause, PHASE_WORDS, signed, times, tooFewRunsWords } from './sentence-parts';
import { serializerSentence, shapeVerdictSentence } from './shape-sentences';

/**
 * Sentences from one case's measured values, never from fixed text: the gRPC/JSON ratio, where the gap went, each
 * factor that made a difference the runs can tell (and what it did to gRPC's biggest extra cost), and the fastest
 * gRPC-family variant against json.
 */
export function explainSentences(c: CaseExplanation): string[] {
  const out: string[] = [];
  const label = caseWords(c);
  const vs = c.grpcVsJson;
  const noise = noiseClause(c.noise);
  if (vs && c.shape !== null) {
    const verdict = shapeVerdictSentence({ ...c, grpcVsJson: vs });
    out.push(noise ? `${verdict.replace(/\.$/, '')}; ${noise}.` : verdict);
  } else if (vs) {
    const effect = effectOf(vs);
    const apart = effect === 'too few runs' ? `; ${tooFewRunsWords(vs.runsPerSide)}` : effect === 'cannot tell' ? '; the runs cannot tell the two apart' : '';
    out.push(`For ${label}, gRPC took ${times(vs.medianRatio)} JSON's time${interval(vs)}${apart}${noise ? `; ${noise}` : ''}.`);
  } else if (noise) {
    out.push(`For ${label}, ${noise}.`);
  }
  const gap = c.gap;
  const why = gapSentence(c);
  if (why) out.push(why);
  const serializers = serializerSentence(c);
  if (serializers) out.push(serializers);
  const unclear: string[] = [];
  const tooFew: VariantVersus[] = [];
  for (const f of c.factors) {
    const effect = effectOf(f);
    if (effect === 'too few runs') {
      tooFew.push(f);
      continue;
    }
    if (effect === 'cannot tell') {
      unclear.push(`${f.variant} (${f.factor})`);
      continue;
    }
    const info = VARIANTS[f.variant];
    const biggest = f.gap?.deltas[0];
    const where = biggest && biggest.deltaMs !== 0 ? `, mostly ${PHASE_WORDS[biggest.field]} (${signed(biggest.deltaMs)} per request)` : '';
    out.push(`${f.variant} (${f.factor}: ${info.changes}) took ${times(f.medianRatio)} the time of ${f.against}${interval(f)}${where}.`);
    // Does this factor take away gRPC's biggest extra cost?
    const extra = gap && gap.totalMs > 0 ? gap.deltas[0] : undefined;
    const removed = extra && extra.deltaMs > 0 && info.family === 'grpc' ? f.gap?.deltas.find((d) => d.field === extra.field) : undefined;
    if (extra && removed && removed.deltaMs < 0) {
      out.push(`That removes ${Math.round((-removed.deltaMs / extra.deltaMs) * 100)}% of gRPC's extra ${PHASE_WORDS[extra.field]} against JSON in this case.`);
    }
  }
  if (unclear.length > 0) out.push(`No difference the runs can tell for ${label}: ${unclear.join(', ')}.`);
  if (tooFew.length > 0) {
    const fewest = Math.min(...tooFew.map((f) => f.runsPerSide));
    out.push(`No verdict for ${label} on ${tooFew.map((f) => `${f.variant} (${f.factor})`).join(', ')}: ${tooFewRunsWords(fewest)}.`);
  }
  const json = c.variants.find((v) => v.variant === 'json');
  const grpcFamily = c.variants.filter((v) => VARIANTS[v.variant]?.family === 'grpc');
  if (json && grpcFamily.length > 1) {
    const fastest = grpcFamily.reduce((a, b) => (b.medianMs < a.medianMs ? b : a));
    const fewest = Math.min(json.runs, ...grpcFamily.map((v) => v.runs));
    // Ranking by medians is a verdict too: with too few runs it is only which median came out lowest.
    out.push(
      fewest < MIN_RUNS_FOR_VERDICT
        ? `The gRPC-family variant with the lowest median for ${label}, ${fastest.variant}, took ${times(fastest.medianMs / json.medianMs)} json's median time; ${tooFewRunsWords(fewest)}.`
        : `The fastest gRPC-family variant for ${label}, ${fastest.variant}, took ${times(fastest.medianMs / json.medianMs)} json's median time.`,
    );
  }
  return out;
}
