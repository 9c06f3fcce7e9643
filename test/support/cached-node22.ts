import { cachedVersions, runtimesCacheDir } from '@app/runtimes';

/**
 * The Node 22 the CLI will use in a runtime e2e: the newest cached one, or none when a fetch is allowed
 * (WIREBENCH_FETCH_RUNTIMES=1: the CLI fetches `22` itself); otherwise why it cannot be had, for the skipped test's
 * title.
 */
export function cachedNode22(): { version: string | null; why: string | null } {
  const cached = cachedVersions(runtimesCacheDir()).filter((v) => v.startsWith('22.'));
  if (cached.length > 0) return { version: cached[cached.length - 1], why: null };
  if (process.env.WIREBENCH_FETCH_RUNTIMES === '1') return { version: null, why: null };
  return {
    version: null,
    why: `no Node 22 in ${runtimesCacheDir()}: run npm run setup:node -- 22, or set WIREBENCH_FETCH_RUNTIMES=1`,
  };
}

/**
 * The cache a test looked in, and the machine's way to the internet for a fetch (CA certificates, proxies): passed on
 * to the CLI.
 */
export const RUNTIME_FETCH_ENV: Record<string, string> = Object.fromEntries(
  ['NODE_RUNTIMES_DIR', 'NODE_EXTRA_CA_CERTS', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'].flatMap((k) =>
    process.env[k] ? [[k, process.env[k] as string]] : [],
  ),
);
