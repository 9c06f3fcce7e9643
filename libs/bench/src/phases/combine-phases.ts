import { percentile, sortAscending } from '../stats/order-statistics';
import { roundMicros } from '../round-micros';
import { PHASE_FIELDS, PhaseBreakdown, PhaseField } from './phases.interface';

/**
 * Many breakdowns -> one, field by field: `mean` over a run's requests, `median` over a scenario's runs. A field is
 * empty unless every input has it (an average over the requests that happened to report would be another
 * population). Notes are kept once each. Null for no input.
 */
export function combinePhases(items: readonly PhaseBreakdown[], how: 'mean' | 'median'): PhaseBreakdown | null {
  if (items.length === 0) return null;
  const out = { notes: [...new Set(items.flatMap((p) => p.notes))] } as PhaseBreakdown;
  for (const field of PHASE_FIELDS) (out as Record<PhaseField, number | null>)[field] = combine(items.map((p) => p[field]), how);
  return out;
}

function combine(values: (number | null)[], how: 'mean' | 'median'): number | null {
  if (values.some((v) => v === null)) return null;
  const numbers = values as number[];
  const value = how === 'mean' ? numbers.reduce((a, b) => a + b, 0) / numbers.length : percentile(sortAscending(numbers), 50);
  return roundMicros(value);
}
