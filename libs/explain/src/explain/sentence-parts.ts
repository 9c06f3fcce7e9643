// The words every sentence builder shares (explain-sentences, shape-sentences, network-verdicts, the why tables):
// in a file of their own, so the builders import them without importing each other.
import type { WallPart } from '@app/bench';
import type { VariantVersus } from '@app/bench';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import type { CaseExplanation, CaseNoise, PhaseDelta } from './explanation.interface';

/** How a part of the wall time (phases/wall-parts.ts) reads in a sentence. */
export const PHASE_WORDS: Record<WallPart, string> = {
  queue: "the wait to be sent behind the batch's other requests",
  generate: 'server-side row generation',
  serialize: 'server-side serialization',
  compress: 'server-side compression',
  wait: 'the rest of the wait for the first byte (request trip, frameworks, scheduling)',
  transfer: 'transfer (first to last byte)',
  decompress: 'client-side decompression',
  decode: 'client-side decoding',
  other: 'client plumbing after the last byte',
  unattributed: 'time no reported phase covers',
};

// A phase below this share of a gap is not worth a clause.
const MIN_SHARE = 0.1;

export const n = (v: number, digits = 0) =>
  v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ms = (v: number) => `${n(v, Math.abs(v) < 10 ? 2 : Math.abs(v) < 100 ? 1 : 0)} ms`;
export const times = (v: number) => `${n(v, 2)}×`;
export const signed = (v: number) => `${v > 0 ? '+' : '−'}${ms(Math.abs(v))}`;

/** "one request of N rows" or "N parallel requests of M rows": the case as the sentences name it. */
export function caseWords(
  c: Pick<CaseExplanation, 'mode' | 'rowsPerRequest' | 'requests'> & { runtimeLabel?: string | null },
): string {
  const rows = `${n(c.rowsPerRequest)} row${c.rowsPerRequest === 1 ? '' : 's'}`;
  // Several runtimes' cases read alike but for their runtime: the words say which.
  const on = c.runtimeLabel ? ` on ${c.runtimeLabel}` : '';
  return (c.mode === 'single' ? `one request of ${rows}` : `${n(c.requests)} parallel requests of ${rows}`) + on;
}

/**
 * What the why table and sentences conclude from one ratio: its bootstrap interval lies wholly below or above 1, or
 * it does not. (The same interval is printed beside it, so the words never disagree with the numbers shown.) Below
 * MIN_RUNS_FOR_VERDICT runs a side the interval concludes nothing, wherever it lies.
 */
export function effectOf(
  v: Pick<VariantVersus, 'ratioCi' | 'tooFewRuns'>,
): 'faster' | 'slower' | 'cannot tell' | 'too few runs' {
  if (v.tooFewRuns) return 'too few runs';
  if (!v.ratioCi) return 'cannot tell';
  if (v.ratioCi.high < 1) return 'faster';
  if (v.ratioCi.low > 1) return 'slower';
  return 'cannot tell';
}

/**
 * The few phrases every verdict sentence ends with, from one ratio of `subject`'s median to `other`'s: the side the
 * runs name, that they cannot tell, or that there were too few runs to ask. `faster` is always the side whose
 * median is lower, and only named when the ratio's interval excludes 1 (effectOf).
 */
export function verdictPhrase(
  v: Pick<VariantVersus, 'ratioCi' | 'tooFewRuns' | 'runsPerSide'>,
  subject: string,
  other: string,
): string {
  const effect = effectOf(v);
  if (effect === 'faster') return `${subject} is faster`;
  if (effect === 'slower') return `${other} is faster`;
  if (effect === 'too few runs') return noVerdict(v.runsPerSide);
  return CANNOT_TELL;
}

export const CANNOT_TELL = 'the runs cannot tell them apart';

/** The phrase of a case where json and grpc did not both run: nothing to compare the others against. */
export const NO_PAIR = 'no verdict (json and grpc did not both run)';

/** "no verdict (2 runs a side cannot tell these apart; use --runs 5 or more)": the phrase for too few runs. */
export const noVerdict = (runsPerSide: number): string => `no verdict (${tooFewRunsWords(runsPerSide)})`;

/** A verdict sentence: what was compared, then its verdict phrase, then how quiet the machine was when measured. */
export function verdictSentence(head: string, phrase: string, noise?: string | null): string {
  return `${head}: ${phrase}${noise ? `; ${noise}` : ''}.`;
}

/** " (95% CI 0.55–0.66)", or nothing when the ratio has no interval. */
export function interval(v: Pick<VariantVersus, 'ratioCi'>): string {
  return v.ratioCi ? ` (95% CI ${n(v.ratioCi.low, 2)}–${n(v.ratioCi.high, 2)})` : '';
}

/** "2 runs a side cannot tell these apart; use --runs 5 or more": why a pair with too few runs names no side. */
export function tooFewRunsWords(runsPerSide: number): string {
  return (
    `${n(runsPerSide)} run` +
    `${runsPerSide === 1 ? '' : 's'} a side cannot tell these apart; use --runs ${MIN_RUNS_FOR_VERDICT} or more`
  );
}

/** "JSON", "gRPC", or the variant's own name: a side as the sentences call it. */
export const sideWords = (variant: string): string => ({ json: 'JSON', grpc: 'gRPC' })[variant] ?? variant;

/**
 * Where the gap between two medians went, part by part of the median run's time (phase-gap.ts), which adds up to the
 * gap exactly. Shares ("71% is ...") only when every part moved the same way, so they add up to 100% at most; else the
 * net in ms of the parts that moved each way. Said of the side with the higher median, which is the slower side
 * under every verdict (`faster` is the lower median); when the runs cannot tell the two apart, the sentence says so.
 */
export function gapSentence(c: Pick<CaseExplanation, 'gap' | 'mode' | 'grpcVsJson'>): string | null {
  const gap = c.gap;
  if (!gap || gap.totalMs === 0) return null;
  const direction = Math.sign(gap.totalMs);
  const moved = gap.deltas
    .filter((d) => d.deltaMs !== 0 && Math.abs(d.deltaMs) >= MIN_SHARE * Math.abs(gap.totalMs))
    .slice(0, 3);
  if (moved.length === 0) return null;
  const slower = sideWords(direction > 0 ? gap.b : gap.a);
  const what =
    c.mode === 'single'
      ? 'median request'
      : "median batch (its last request to finish, and that request's wait to be sent)";
  const effect = c.grpcVsJson ? effectOf(c.grpcVsJson) : 'cannot tell';
  const hedge = effect === 'faster' || effect === 'slower' ? '' : ', a difference the runs cannot tell from noise';
  const head = `${slower}'s ${what} took ${ms(Math.abs(gap.totalMs))} longer${hedge}`;
  // Each delta as the slower side's extra (+) or saving (−).
  const extra = (d: PhaseDelta) => d.deltaMs * direction;
  if (gap.deltas.every((d) => extra(d) >= 0)) {
    const parts = moved.map(
      (d) => `${Math.round((extra(d) / Math.abs(gap.totalMs)) * 100)}% is ${PHASE_WORDS[d.part]} (${signed(extra(d))})`,
    );
    return `${head}; of that, ${parts.join(', ')}.`;
  }
  const rest = Math.abs(gap.totalMs) - moved.reduce((sum, d) => sum + extra(d), 0);
  const others = Math.abs(rest) >= 0.0005 ? `, and ${signed(rest)} over the other parts` : '';
  return `${head}: the net of ${moved.map((d) => `${PHASE_WORDS[d.part]} ${signed(extra(d))}`).join(', ')}${others}.`;
}

/**
 * The clause every case verdict ends with: how many of its runs other processes disturbed and by how much, or that
 * the machine was quiet; null when the noise was not measured (not Linux, older files), which the notes say once.
 * It counts the kept runs, and says how many disturbed ones --quiet measured again and replaced.
 */
export function noiseClause(noise: CaseNoise | null | undefined, unit: 'runs' | 'levels' = 'runs'): string | null {
  if (!noise) return null;
  const cores = (v: number) => (v > 1 ? `${v} cores` : `${v} of a core`);
  const n = noise.replacedRuns ?? 0;
  const replaced =
    n === 0 ? '' : `, after ${n} disturbed run${n === 1 ? ' was' : 's were'} measured again and replaced`;
  if (noise.disturbedRuns > 0)
    return (
      `${noise.disturbedRuns} of ` +
      `${noise.runs} ${unit} disturbed, up to ${cores(noise.maxForeignCpuCores)} beside them${replaced}`
    );
  // Below a tick per core nothing counts as foreign (machine-cpu.ts): "≤ 0 of a core" would read as a measurement
  // error.
  if (noise.maxForeignCpuCores === 0) return `machine quiet: no foreign CPU${replaced}`;
  return `machine quiet: foreign CPU ≤ ${cores(noise.maxForeignCpuCores)}${replaced}`;
}

/** A sentence with the noise clause of its runs before its full stop; unchanged when the noise was not measured. */
export function endWithNoise(sentence: string, noise: CaseNoise | null | undefined): string {
  const clause = noiseClause(noise);
  return clause ? `${sentence.replace(/\.$/, '')}; ${clause}.` : sentence;
}
