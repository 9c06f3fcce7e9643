import { roundMicros } from '@app/bench';
import { WALL_PARTS, type WallParts } from '@app/bench';
import type { VariantName } from '@app/bench';
import type { PhaseGap } from './explanation.interface';

/**
 * b minus a, part by part of the median run's wall time (phases/wall-parts.ts); null unless both have parts. The
 * parts add up to each side's median, so the deltas add up to the gap between the medians, which is what the
 * verdict compares: no part of the explanation is another quantity than the verdict's.
 */
export function phaseGap(a: VariantName, pa: WallParts | null, b: VariantName, pb: WallParts | null): PhaseGap | null {
  if (!pa || !pb) return null;
  const deltas = WALL_PARTS.map((part) => ({ part, deltaMs: roundMicros(pb.parts[part] - pa.parts[part]) }));
  return {
    a,
    b,
    totalMs: roundMicros(pb.wallMs - pa.wallMs),
    deltas: deltas.sort((x, y) => Math.abs(y.deltaMs) - Math.abs(x.deltaMs)),
  };
}
