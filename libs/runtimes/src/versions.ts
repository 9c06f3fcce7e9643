/** `22.11.0` → [22, 11, 0]; the versions here are plain releases (pre-releases are never picked). */
function parts(version: string): number[] {
  return version.split('.').map(Number);
}

/** Newest first. */
export function byNewest(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return y[i] - x[i];
  return 0;
}

export function isRelease(version: string): boolean {
  return /^\d+\.\d+\.\d+$/.test(version);
}

export function majorOf(version: string): number {
  return parts(version)[0];
}

/** The newest release of `major` among `versions`, or undefined. */
export function newestOfMajor(versions: Iterable<string>, major: number): string | undefined {
  return [...versions].filter((v) => isRelease(v) && majorOf(v) === major).sort(byNewest)[0];
}
