import { roundMicros } from '../round-micros';
import type { PhaseBreakdown, PhaseField } from './phases.interface';

/** One layer of the "where the time went" bars, in the order a request lives them (bottom of the bar first). */
export interface StackPhase {
  /** The name in the legend. */
  name: string;
  /** The breakdown field it draws; null for `other`, which is what the request took beyond the layers below it. */
  field: PhaseField | null;
  /** One colour per phase wherever the chart is drawn (report.html and the page), so a phase reads the same in both. */
  color: string;
  /** Drawn only when some bar has it (compression exists on the gzip variants only). */
  optional: boolean;
}

/**
 * The layers, named as the phase table names its columns. `wait` is the rest of the wait for the first byte (the
 * request's trip, both frameworks, scheduling); `other` is the client's plumbing after the last byte, plus any phase
 * the path did not report, so the bar's height is always the request's time.
 */
export const STACK_PHASES: readonly StackPhase[] = [
  { name: 'generate', field: 'serverGenerateMs', color: '#8c564b', optional: false },
  { name: 'serialize', field: 'serverSerializeMs', color: '#d62728', optional: false },
  { name: 'compress', field: 'serverCompressMs', color: '#e377c2', optional: true },
  { name: 'wait', field: 'waitOtherMs', color: '#7f7f7f', optional: false },
  { name: 'transfer', field: 'transferMs', color: '#1f77b4', optional: false },
  { name: 'decompress', field: 'clientDecompressMs', color: '#17becf', optional: true },
  { name: 'decode', field: 'clientDecodeMs', color: '#ff7f0e', optional: false },
  { name: 'other', field: null, color: '#bcbd22', optional: false },
];

/** One bar to stack: what it is called (a variant, or "run · variant") and its breakdown, null when it has none. */
export interface StackInput {
  label: string;
  phases: PhaseBreakdown | null | undefined;
}

/** The data of a stacked bar chart: a bar per input, a layer per phase, values in ms per request. */
export interface PhaseStack {
  bars: string[];
  /** Each bar's request time (its height); null for a bar without a breakdown. */
  requestMs: (number | null)[];
  layers: { name: string; color: string; values: (number | null)[] }[];
  /** Why a bar is missing or a layer of it folded into `other`, one sentence each. */
  notes: string[];
}

/**
 * Breakdowns -> stacked layers that add up to each bar's request time. A layer is never below 0 (a remainder can be,
 * by a few µs, when medians of runs are stacked): a negative slab would be drawn downwards through the others. The
 * same holds for `other`, the request time left after the layers below it.
 */
export function phaseStack(inputs: readonly StackInput[]): PhaseStack {
  const present = (phase: StackPhase) => !phase.optional || inputs.some((i) => phase.field !== null && typeof i.phases?.[phase.field] === 'number');
  const phases = STACK_PHASES.filter(present);
  const notes: string[] = [];
  const columns = inputs.map((input) => {
    const p = input.phases;
    if (!p) {
      notes.push(`${input.label}: no breakdown (its transport reports no phases).`);
      return phases.map(() => null);
    }
    const missing = phases.filter((ph) => ph.field !== null && !ph.optional && p[ph.field] === null).map((ph) => ph.name);
    if (missing.length) notes.push(`${input.label}: ${missing.join(', ')} not reported; that time is in other.`);
    const layers = phases.map((ph) => (ph.field === null ? 0 : Math.max(0, p[ph.field] ?? 0)));
    const other = phases.findIndex((ph) => ph.field === null);
    layers[other] = roundMicros(Math.max(0, p.requestMs - layers.reduce((a, b) => a + b, 0)));
    return layers;
  });
  return {
    bars: inputs.map((i) => i.label),
    requestMs: inputs.map((i) => i.phases?.requestMs ?? null),
    layers: phases.map((ph, k) => ({ name: ph.name, color: ph.color, values: columns.map((c) => c[k]) })),
    notes,
  };
}
