/** Milliseconds rounded to whole microseconds: performance.now() is no more precise, more digits are noise. */
export function roundMicros(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
