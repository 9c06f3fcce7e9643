import type { PhaseField } from '../phases/phases.interface';
import type { VariantVersus } from '../result/compare-variants';
import { VARIANTS } from '../scenario/variants';
import { MIN_RUNS_FOR_VERDICT } from '../stats/min-runs-for-verdict';
import type { CaseExplanation, PhaseDelta, PhaseGap } from './explanation.interface';
import { serializerSentence, shapeVerdictSentence } from './shape-sentences';

/** How a phase reads in a sentence. */
export const PHASE_WORDS: Partial<Record<PhaseField, string>> = {
  serverGenerateMs: 'server-side row generation',
  serverSerializeMs: 'server-side serialization',
  serverCompressMs: 'server-side compression',
  waitOtherMs: 'the rest of the wait for the first byte (request trip, frameworks, scheduling)',
  transferMs: 'transfer (first to last byte)',
  clientDecompressMs: 'client-side decompression',
  clientDecodeMs: 'client-side decoding',
  clientOtherMs: 'client plumbing after the last byte',
};

// A phase below this share of a gap is not worth a clause.
const MIN_SHARE = 0.1;

const n = (v: number, digits = 0) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (v: number) => `${n(v, Math.abs(v) < 10 ? 2 : Math.abs(v) < 100 ? 1 : 0)} ms`;
const times = (v: number) => `${n(v, 2)}×`;
const signed = (v: number) => `${v > 0 ? '+' : '−'}${ms(Math.abs(v))}`;

/** "one request of N rows" or "N parallel requests of M rows": the case as the sentences name it. */
export function caseWords(c: Pick<CaseExplanation, 'mode' | 'rowsPerRequest' | 'requests'>): string {
  const rows = `${n(c.rowsPerRequest)} row${c.rowsPerRequest === 1 ? '' : 's'}`;
  return c.mode === 'single' ? `one request of ${rows}` : `${n(c.requests)} parallel requests of ${rows}`;
}

/**
 * What the why table and sentences conclude from one ratio: its bootstrap interval lies wholly below or above 1, or
 * it does not. (The same interval is printed beside it, so the words never disagree with the numbers shown.) Below
 * MIN_RUNS_FOR_VERDICT runs a side the interval concludes nothing, wherever it lies.
 */
export function effectOf(v: Pick<VariantVersus, 'ratioCi' | 'tooFewRuns'>): 'faster' | 'slower' | 'cannot tell' | 'too few runs' {
  if (v.tooFewRuns) return 'too few runs';
  if (!v.ratioCi) return 'cannot tell';
  if (v.ratioCi.high < 1) return 'faster';
  if (v.ratioCi.low > 1) return 'slower';
  return 'cannot tell';
}

function interval(v: VariantVersus): string {
  return v.ratioCi ? ` (95% CI ${n(v.ratioCi.low, 2)}–${n(v.ratioCi.high, 2)})` : '';
}

/** "2 runs a side cannot tell these apart; use --runs 5 or more": why a pair with too few runs names no side. */
export function tooFewRunsWords(runsPerSide: number): string {
  return `${n(runsPerSide)} run${runsPerSide === 1 ? '' : 's'} a side cannot tell these apart; use --runs ${MIN_RUNS_FOR_VERDICT} or more`;
}

/** The phases that make up most of a gap, in its direction: "71% is server-side serialization (+4,100 ms)". */
function shares(gap: PhaseGap): PhaseDelta[] {
  const total = gap.totalMs;
  return gap.deltas.filter((d) => Math.sign(d.deltaMs) === Math.sign(total) && Math.abs(d.deltaMs) >= MIN_SHARE * Math.abs(total)).slice(0, 3);
}

/** Where the gap between gRPC and JSON went, by phase: "Per request gRPC spent 860 ms more; of that, 94% is ...". */
export function gapSentence(c: CaseExplanation): string | null {
  const gap = c.gap;
  const top = gap && gap.totalMs !== 0 ? shares(gap) : [];
  if (gap && top.length > 0) {
    const slower = gap.totalMs > 0 ? 'gRPC' : 'JSON';
    // Phases that went the other way make the listed shares add up to more than the whole: say so.
    const against = gap.deltas.filter((d) => Math.sign(d.deltaMs) === -Math.sign(gap.totalMs)).reduce((sum, d) => sum + Math.abs(d.deltaMs), 0);
    const offset = against >= MIN_SHARE * Math.abs(gap.totalMs) ? `; the other phases took ${ms(against)} less` : '';
    if (top.some((d) => Math.abs(d.deltaMs) > Math.abs(gap.totalMs))) {
      // A phase larger than the whole gap ("719% is the rest of the wait") tells a reader nothing as a share: in ms.
      const parts = top.map((d) => `${PHASE_WORDS[d.field]} ${signed(Math.abs(d.deltaMs))}`);
      return `Per request ${slower} spent ${ms(Math.abs(gap.totalMs))} more, the net of ${parts.join(', ')}${offset}.`;
    }
    const parts = top.map((d) => `${Math.round((d.deltaMs / gap.totalMs) * 100)}% is ${PHASE_WORDS[d.field]} (${signed(Math.abs(d.deltaMs))})`);
    return `Per request ${slower} spent ${ms(Math.abs(gap.totalMs))} more; of that, ${parts.join(', ')}${offset}.`;
  }
  return null;
}

/**
 * Sentences from one case's measured values, never from fixed text: the gRPC/JSON ratio, where the gap went, each
 * factor that made a difference the runs can tell (and what it did to gRPC's biggest extra cost), and the fastest
 * gRPC-family variant against json.
 */
export function explainSentences(c: CaseExplanation): string[] {
  const out: string[] = [];
  const label = caseWords(c);
  const vs = c.grpcVsJson;
  if (vs && c.shape !== null) {
    out.push(shapeVerdictSentence({ ...c, grpcVsJson: vs }));
  } else if (vs) {
    const effect = effectOf(vs);
    const apart = effect === 'too few runs' ? `; ${tooFewRunsWords(vs.runsPerSide)}` : effect === 'cannot tell' ? '; the runs cannot tell the two apart' : '';
    out.push(`For ${label}, gRPC took ${times(vs.medianRatio)} JSON's time${interval(vs)}${apart}.`);
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
