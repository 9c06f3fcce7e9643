import { roundMicros } from '../round-micros';
import { PHASE_FIELDS, PhaseBreakdown, PhaseField } from './phases.interface';

/**
 * Many breakdowns -> their mean, field by field: over a run's requests, or the two middle runs of a scenario
 * (median-run.ts). Means of breakdowns that add up add up too, where medians taken field by field need not. A field
 * is empty unless every input has it (an average over the requests that happened to report would be another
 * population). Notes are kept once each. Null for no input.
 */
export function combinePhases(items: readonly PhaseBreakdown[]): PhaseBreakdown | null {
  if (items.length === 0) return null;
  const out = { notes: [...new Set(items.flatMap((p) => p.notes))] } as PhaseBreakdown;
  for (const field of PHASE_FIELDS)
    (out as Record<PhaseField, number | null>)[field] = mean(items.map((p) => p[field]));
  return out;
}

function mean(values: (number | null)[]): number | null {
  if (values.some((v) => v === null)) return null;
  const numbers = values as number[];
  return roundMicros(numbers.reduce((a, b) => a + b, 0) / numbers.length);
}
