import type { ServingAppName } from '../app-entry';

/**
 * glibc malloc's settings for the client app, set by whatever launches it (start:all, start:client, the bench, the
 * tests, the soak probe). Why: a reply arrives in socket reads of up to 64 KiB that axios and grpc-js both keep
 * until the whole message is in, and only then join. glibc serves those reads from its heap; once they are freed the
 * heap cannot give back what lies below anything still in use, so after one 1,000,000-row JSON reply the client
 * kept ~290 MiB of freed heap for good (RSS 411 MiB 30 s later, with V8's own heap back under 30 MiB). With the
 * mmap threshold at 64 KiB each such read is mapped and unmapped on its own, and the client is back at ~130 MiB.
 * Only the client: it is the process that receives whole replies; the servers' settings stay glibc's defaults.
 * A value the user set wins; other C libraries (musl, macOS) ignore the variable.
 */
export const CLIENT_ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '65536' };

/** `env` for `app`: the client's allocator settings under whatever `env` already says. */
export function envForApp(app: ServingAppName | string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return app === 'client' ? { ...CLIENT_ALLOCATOR_ENV, ...env } : env;
}
