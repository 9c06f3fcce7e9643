import { resolveRuntime, type ResolvedRuntime, type ResolveOptions } from './resolve-runtime';
import { RuntimeError } from './runtime-error';

/**
 * A command line's list of runtimes (`20,22,24,26`, or several values) resolved in order, one at a time (so downloads
 * do not compete and their lines come in the order given). Two specs that come to the same binary are refused in one
 * line: a runtime measured twice under two names would be read as two runtimes.
 */
export async function resolveRuntimes(
  list: string | string[],
  options: ResolveOptions = {},
): Promise<ResolvedRuntime[]> {
  const texts = (Array.isArray(list) ? list : [list]).flatMap((item) => item.split(',')).map((t) => t.trim());
  if (texts.length === 0 || texts.some((t) => t === ''))
    throw new RuntimeError(`'${texts.join(',')}'`, 'an empty runtime in the list: name each one (e.g. 22,24,26)');
  const resolved: ResolvedRuntime[] = [];
  for (const text of texts) {
    const runtime = await resolveRuntime(text, options);
    const same = resolved.find((r) => r.path === runtime.path);
    if (same)
      throw new RuntimeError(
        text,
        `is the same binary as ${same.spec} (${runtime.path}, node ${runtime.nodeVersion}): name each runtime once`,
      );
    resolved.push(runtime);
  }
  return resolved;
}
