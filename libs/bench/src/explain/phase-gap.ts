import type { PhaseBreakdown, PhaseField } from '../phases/phases.interface';
import type { VariantName } from '../scenario/variants';
import type { PhaseGap } from './explanation.interface';

/** The phases that add up to one request (phases.interface.ts); compression phases count 0 where absent. */
export const STACK_FIELDS = [
  'serverGenerateMs',
  'serverSerializeMs',
  'serverCompressMs',
  'waitOtherMs',
  'transferMs',
  'clientDecompressMs',
  'clientDecodeMs',
  'clientOtherMs',
] as const satisfies readonly PhaseField[];

const OPTIONAL: readonly PhaseField[] = ['serverCompressMs', 'clientDecompressMs'];

/** b minus a, phase by phase; null unless both have every phase of the stack (absent compression counts 0). */
export function phaseGap(a: VariantName, pa: PhaseBreakdown | null, b: VariantName, pb: PhaseBreakdown | null): PhaseGap | null {
  if (!pa || !pb) return null;
  const value = (p: PhaseBreakdown, f: PhaseField) => p[f] ?? (OPTIONAL.includes(f) ? 0 : null);
  const deltas = [];
  for (const field of STACK_FIELDS) {
    const va = value(pa, field);
    const vb = value(pb, field);
    if (va === null || vb === null) return null;
    deltas.push({ field, deltaMs: Math.round((vb - va) * 1000) / 1000 });
  }
  const totalMs = Math.round(deltas.reduce((sum, d) => sum + d.deltaMs, 0) * 1000) / 1000;
  return { a, b, totalMs, deltas: deltas.sort((x, y) => Math.abs(y.deltaMs) - Math.abs(x.deltaMs)) };
}
