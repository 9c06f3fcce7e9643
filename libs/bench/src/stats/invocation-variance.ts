/**
 * How much of the spread of run times lies between invocations (fresh processes) rather than between runs of one
 * invocation: the one-way random-effects estimate sigma²_between / (sigma²_between + sigma²_within), the intraclass
 * correlation ICC(1), by the method of moments (mean squares; n0 for unequal group sizes, Snedecor & Cochran).
 * Near 0: a new process changes little, more runs per invocation narrow the interval. Near 1: each process settles
 * somewhere of its own (JIT, GC, heap layout), so only more invocations narrow it (Kalibera & Jones, ISMM 2013).
 *
 * Null with fewer than 2 invocations that have runs, no run repeated within any of them, or no spread at all.
 * A negative between-invocation estimate (groups closer than their runs suggest) counts as 0.
 */
export function betweenInvocationShare(groups: readonly (readonly number[])[]): number | null {
  const used = groups.filter((g) => g.length > 0);
  const k = used.length;
  const n = used.reduce((sum, g) => sum + g.length, 0);
  if (k < 2 || n <= k) return null;
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const grand = mean(used.flat());
  const between = used.reduce((sum, g) => sum + g.length * (mean(g) - grand) ** 2, 0) / (k - 1);
  const within = used.reduce((sum, g) => sum + g.reduce((s, x) => s + (x - mean(g)) ** 2, 0), 0) / (n - k);
  const n0 = (n - used.reduce((sum, g) => sum + g.length ** 2, 0) / n) / (k - 1);
  const sigmaBetween = Math.max(0, (between - within) / n0);
  const total = sigmaBetween + within;
  return total > 0 ? sigmaBetween / total : null;
}
