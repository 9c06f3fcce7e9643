// The words every sentence builder shares (explain-sentences, shape-sentences, network-verdicts, the why tables):
// in a file of their own, so the builders import them without importing each other.
import type { PhaseField } from '../phases/phases.interface';
import type { VariantVersus } from '../result/compare-variants';
import { VARIANTS } from '../scenario/variants';
import { MIN_RUNS_FOR_VERDICT } from '../stats/min-runs-for-verdict';
import type { CaseExplanation, CaseNoise, PhaseDelta, PhaseGap } from './explanation.interface';

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

export const n = (v: number, digits = 0) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ms = (v: number) => `${n(v, Math.abs(v) < 10 ? 2 : Math.abs(v) < 100 ? 1 : 0)} ms`;
export const times = (v: number) => `${n(v, 2)}×`;
export const signed = (v: number) => `${v > 0 ? '+' : '−'}${ms(Math.abs(v))}`;

/** "one request of N rows" or "N parallel requests of M rows": the case as the sentences name it. */
export function caseWords(c: Pick<CaseExplanation, 'mode' | 'rowsPerRequest' | 'requests'> & { runtimeLabel?: string | null }): string {
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
export function effectOf(v: Pick<VariantVersus, 'ratioCi' | 'tooFewRuns'>): 'faster' | 'slower' | 'cannot tell' | 'too few runs' {
  if (v.tooFewRuns) return 'too few runs';
  if (!v.ratioCi) return 'cannot tell';
  if (v.ratioCi.high < 1) return 'faster';
  if (v.ratioCi.low > 1) return 'slower';
  return 'cannot tell';
}

/** " (95% CI 0.55–0.66)", or nothing when the ratio has no interval. */
export function interval(v: Pick<VariantVersus, 'ratioCi'>): string {
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
 * The clause every case verdict ends with: how many of its runs other processes disturbed and by how much, or that
 * the machine was quiet; null when the noise was not measured (not Linux, older files), which the notes say once.
 * It counts the kept runs, and says how many disturbed ones --quiet measured again and replaced.
 */
export function noiseClause(noise: CaseNoise | null | undefined): string | null {
  if (!noise) return null;
  const cores = (v: number) => (v > 1 ? `${v} cores` : `${v} of a core`);
  const n = noise.replacedRuns ?? 0;
  const replaced = n === 0 ? '' : `, after ${n} disturbed run${n === 1 ? ' was' : 's were'} measured again and replaced`;
  if (noise.disturbedRuns > 0) return `${noise.disturbedRuns} of ${noise.runs} runs disturbed, up to ${cores(noise.maxForeignCpuCores)} beside them${replaced}`;
  return `machine quiet: foreign CPU ≤ ${cores(noise.maxForeignCpuCores)}${replaced}`;
}
