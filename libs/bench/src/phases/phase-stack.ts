import { roundMicros } from '../round-micros';
import type { WallPart, WallParts } from './wall-parts';

/** One layer of the "where the time went" bars, in the order a request lives them (bottom of the bar first). */
export interface StackPhase {
  /** The part of the wall time it draws (wall-parts.ts), also its name in the legend. */
  name: WallPart;
  /** One colour per part wherever the chart is drawn (report.html and the page), so a part reads the same in both. */
  color: string;
  /** Drawn only when some bar has it: a queue in batches only, compression on the gzip variants only. */
  optional: boolean;
}

/**
 * The layers, in wall-parts.ts's order. `wait` is the rest of the wait for the first byte (the request's trip, both
 * frameworks, scheduling); `other` is the client's plumbing after the last byte; `unattributed` what no reported phase
 * covers. Each moment of the time is in one layer, so a bar is exactly as tall as the time it explains.
 */
export const STACK_PHASES: readonly StackPhase[] = [
  { name: 'queue', color: '#9467bd', optional: true },
  { name: 'generate', color: '#8c564b', optional: false },
  { name: 'serialize', color: '#d62728', optional: false },
  { name: 'compress', color: '#e377c2', optional: true },
  { name: 'wait', color: '#7f7f7f', optional: false },
  { name: 'transfer', color: '#1f77b4', optional: false },
  { name: 'decompress', color: '#17becf', optional: true },
  { name: 'decode', color: '#ff7f0e', optional: false },
  { name: 'other', color: '#bcbd22', optional: false },
  { name: 'unattributed', color: '#c7c7c7', optional: true },
];

/** One bar to stack: what it is called (a variant, or "run · variant") and its parts, null when it has none. */
export interface StackInput {
  label: string;
  parts: WallParts | null | undefined;
}

/** The data of a stacked bar chart: a bar per input, a layer per part, values in ms. */
export interface PhaseStack {
  bars: string[];
  /** Each bar's height: the time it explains (a request's, or a batch's wall time); null for a bar without parts. */
  totalMs: (number | null)[];
  layers: { name: string; color: string; values: (number | null)[] }[];
  /**
   * Per bar, the phases' time that ran during the transfer (a stream's chunks), inside `transfer` rather than on top.
   */
  overlapMs: (number | null)[];
  /** Why a bar is missing, or what ran overlapped, one sentence each. */
  notes: string[];
}

// Below this an optional layer is rounding, not a part worth a colour (1 µs).
const VISIBLE_MS = 0.001;

/**
 * Wall parts -> stacked layers. A layer is never below 0: a negative slab would be drawn downwards through the
 * others (unattributed can be a µs below 0 from rounding).
 */
export function phaseStack(inputs: readonly StackInput[]): PhaseStack {
  const present = (phase: StackPhase) =>
    !phase.optional || inputs.some((i) => (i.parts?.parts[phase.name] ?? 0) >= VISIBLE_MS);
  const phases = STACK_PHASES.filter(present);
  const notes: string[] = [];
  for (const input of inputs) {
    if (!input.parts)
      notes.push(
        `${input.label}: no breakdown (its transport reports no phases, or its runs did not keep the request ` +
          `that set their time).`,
      );
    else if (input.parts.overlapMs >= VISIBLE_MS) {
      notes.push(
        `${input.label}: ${input.parts.overlapMs.toLocaleString('en-US', { maximumFractionDigits: 2 })} ms of ` +
          `server and client work ran during the transfer; it is inside transfer, not stacked on it.`,
      );
    }
  }
  return {
    bars: inputs.map((i) => i.label),
    totalMs: inputs.map((i) => i.parts?.wallMs ?? null),
    layers: phases.map((ph) => ({
      name: ph.name,
      color: ph.color,
      values: inputs.map((i) => (i.parts ? roundMicros(Math.max(0, i.parts.parts[ph.name])) : null)),
    })),
    overlapMs: inputs.map((i) => i.parts?.overlapMs ?? null),
    notes,
  };
}
