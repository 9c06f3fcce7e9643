import type { CrossoverSpec, SeriesSpec } from './chart-spec.interface';

/** Null when the runs at `x` tell series `a` and `b` apart (their medians' intervals miss each other), else why not. */
export type ApartAt = (a: number, b: number, x: number) => string | null;

/** Where two lines of one run change order: the point drawn, the two measured sizes around it, and whether it holds. */
export interface Crossing {
  crossover: CrossoverSpec;
  /** The measured x values on either side of the crossing. */
  between: [number, number];
  /** The two lines' labels, the one that becomes faster first. */
  faster: string;
  slower: string;
  /**
   * Of `between`, the sizes where the runs cannot tell the two lines apart, with why; empty when the crossing holds.
   */
  overlapAt: { x: number; why: string }[];
}

/**
 * Where one series overtakes another of the same run: between two x values both were measured at, the sign of
 * log(a) - log(b) changes. The point is interpolated in log-log space (the charts it marks have both axes log),
 * so it lands on the drawn lines; a series never "crosses" a series of another run. `apartAt(i, j, x)` is null where
 * the runs tell series i and j apart at x: medians whose intervals overlap can swap order by chance, so a crossing is
 * only claimed where both sizes around it are told apart (`overlapAt` empty).
 */
export function findCrossings(series: readonly SeriesSpec[], apartAt: ApartAt): Crossing[] {
  const found: Crossing[] = [];
  for (let i = 0; i < series.length; i++) {
    for (let j = i + 1; j < series.length; j++) {
      if (series[i].runIndex !== series[j].runIndex) continue;
      for (const crossing of crossingsOf(series[i], series[j])) {
        const overlapAt = crossing.between.flatMap((x) => {
          const why = apartAt(i, j, x);
          return why === null ? [] : [{ x, why }];
        });
        found.push({ ...crossing, overlapAt });
      }
    }
  }
  return found;
}

/** The crossings the intervals support: the ones a chart marks. */
export const supported = (crossings: readonly Crossing[]): CrossoverSpec[] =>
  crossings.filter((c) => c.overlapAt.length === 0).map((c) => c.crossover);

function crossingsOf(a: SeriesSpec, b: SeriesSpec): Omit<Crossing, 'overlapAt'>[] {
  const bAt = new Map(b.points.map((p) => [p.x, p.y]));
  const common = a.points
    .filter((p) => bAt.has(p.x) && p.x > 0 && p.y > 0 && bAt.get(p.x)! > 0)
    .map((p) => ({ x: p.x, lx: Math.log(p.x), la: Math.log(p.y), d: Math.log(p.y) - Math.log(bAt.get(p.x)!) }))
    .sort((p, q) => p.lx - q.lx);
  const out: Omit<Crossing, 'overlapAt'>[] = [];
  for (let k = 0; k + 1 < common.length; k++) {
    const [from, to] = [common[k], common[k + 1]];
    if (from.d === 0 || to.d === 0 || Math.sign(from.d) === Math.sign(to.d)) continue;
    const t = from.d / (from.d - to.d);
    const [faster, slower] = to.d < 0 ? [a, b] : [b, a];
    out.push({
      crossover: {
        x: Math.exp(from.lx + t * (to.lx - from.lx)),
        y: Math.exp(from.la + t * (to.la - from.la)),
        text: `${faster.label} overtakes ${slower.label}`,
      },
      between: [from.x, to.x],
      faster: faster.label,
      slower: slower.label,
    });
  }
  return out;
}
