import type { CrossoverSpec, SeriesSpec } from './chart-spec.interface';

/**
 * Where one series overtakes another of the same run: between two x values both were measured at, the sign of
 * log(a) - log(b) changes. The point is interpolated in log-log space (the charts it marks have both axes log),
 * so it lands on the drawn lines; a series never "crosses" a series of another run.
 */
export function findCrossovers(series: readonly SeriesSpec[]): CrossoverSpec[] {
  const found: CrossoverSpec[] = [];
  for (let i = 0; i < series.length; i++) {
    for (let j = i + 1; j < series.length; j++) {
      if (series[i].runIndex === series[j].runIndex) found.push(...crossingsOf(series[i], series[j]));
    }
  }
  return found;
}

function crossingsOf(a: SeriesSpec, b: SeriesSpec): CrossoverSpec[] {
  const bAt = new Map(b.points.map((p) => [p.x, p.y]));
  const common = a.points
    .filter((p) => bAt.has(p.x) && p.x > 0 && p.y > 0 && bAt.get(p.x)! > 0)
    .map((p) => ({ lx: Math.log(p.x), la: Math.log(p.y), d: Math.log(p.y) - Math.log(bAt.get(p.x)!) }))
    .sort((p, q) => p.lx - q.lx);
  const out: CrossoverSpec[] = [];
  for (let k = 0; k + 1 < common.length; k++) {
    const [from, to] = [common[k], common[k + 1]];
    if (from.d === 0 || to.d === 0 || Math.sign(from.d) === Math.sign(to.d)) continue;
    const t = from.d / (from.d - to.d);
    const [faster, slower] = to.d < 0 ? [a, b] : [b, a];
    out.push({
      x: Math.exp(from.lx + t * (to.lx - from.lx)),
      y: Math.exp(from.la + t * (to.la - from.la)),
      text: `${faster.label} overtakes ${slower.label}`,
    });
  }
  return out;
}
