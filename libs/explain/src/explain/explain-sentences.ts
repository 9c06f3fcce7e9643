import type { VariantVersus } from '@app/bench';
import { VARIANTS } from '@app/bench';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import type { CaseExplanation } from './explanation.interface';
import {
  CANNOT_TELL,
  NO_PAIR,
  caseWords,
  effectOf,
  gapSentence,
  interval,
  noiseClause,
  PHASE_WORDS,
  signed,
  times,
  noVerdict,
  tooFewRunsWords,
  verdictPhrase,
  verdictSentence,
} from './sentence-parts';
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
  if (vs && c.shape !== null) out.push(shapeVerdictSentence({ ...c, grpcVsJson: vs }, noise));
  else if (vs)
    out.push(
      verdictSentence(
        `For ${label}, gRPC took ${times(vs.medianRatio)} JSON's time${interval(vs)}`,
        verdictPhrase(vs, 'gRPC', 'JSON'),
        noise,
      ),
    );
  // A case without both baselines (the memory preset's 10,000,000 rows: streams only) still says how quiet it was.
  else if (noise) out.push(verdictSentence(`For ${label}`, NO_PAIR, noise));
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
    // The part that moved most in the direction of the whole gap: the one that made the factor's side faster or slower.
    const biggest = f.gap?.deltas.find((d) => d.deltaMs !== 0 && Math.sign(d.deltaMs) === Math.sign(f.gap!.totalMs));
    const where = biggest ? `, mostly ${PHASE_WORDS[biggest.part]} (${signed(biggest.deltaMs)})` : '';
    const head =
      `${f.variant} ` +
      `(${f.factor}: ${info.changes}) took ${times(f.medianRatio)} the time of ${f.against}${interval(f)}${where}`;
    out.push(verdictSentence(head, verdictPhrase(f, f.variant, f.against)));
    // Does this factor take away gRPC's biggest extra cost?
    const extra = gap && gap.totalMs > 0 ? gap.deltas[0] : undefined;
    const removed =
      extra && extra.deltaMs > 0 && info.family === 'grpc'
        ? f.gap?.deltas.find((d) => d.part === extra.part)
        : undefined;
    if (extra && removed && removed.deltaMs < 0) {
      const share =
        `${Math.round((-removed.deltaMs / extra.deltaMs) * 100)}% of gRPC's extra ` +
        `${PHASE_WORDS[extra.part]} against JSON in this case`;
      // A variant slower than its baseline may still take away that part: saying only "removes" read as a gain.
      if (effect === 'faster') out.push(`That removes ${share}.`);
      else
        out.push(
          `It removes ${share}, but its other parts add more: net ${signed(f.gap!.totalMs)} against ${f.against}.`,
        );
    }
  }
  if (unclear.length > 0)
    out.push(verdictSentence(`For ${label}, ${unclear.join(', ')} against their baselines`, CANNOT_TELL));
  if (tooFew.length > 0) {
    const fewest = Math.min(...tooFew.map((f) => f.runsPerSide));
    out.push(
      verdictSentence(
        `For ${label}, ${tooFew.map((f) => `${f.variant} (${f.factor})`).join(', ')} against their baselines`,
        noVerdict(fewest),
      ),
    );
  }
  const json = c.variants.find((v) => v.variant === 'json');
  const grpcFamily = c.variants.filter((v) => VARIANTS[v.variant]?.family === 'grpc');
  if (json && grpcFamily.length > 1) {
    const fastest = grpcFamily.reduce((a, b) => (b.medianMs < a.medianMs ? b : a));
    const fewest = Math.min(json.runs, ...grpcFamily.map((v) => v.runs));
    // Ranking by medians is a verdict too: with too few runs it is only which median came out lowest.
    out.push(
      fewest < MIN_RUNS_FOR_VERDICT
        ? `The gRPC-family variant with the lowest median ` +
            `for ${label}, ${fastest.variant}, took ${times(fastest.medianMs / json.medianMs)} json's median ` +
            `time; ${tooFewRunsWords(fewest)}.`
        : `The fastest gRPC-family variant for ` +
            `${label}, ${fastest.variant}, took ${times(fastest.medianMs / json.medianMs)} json's median time.`,
    );
  }
  return out;
}
