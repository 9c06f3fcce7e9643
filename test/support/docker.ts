import { execFileSync, spawnSync } from 'node:child_process';
import { ROOT } from './app-process';

// What the Docker specs (test/docker-image, test/docker-stack) share: why they cannot run here, the image they use
// (built once by .ci/run's npm run docker:build, else built here from the local base), and `docker` as a function.

/** The image under test: WIREBENCH_IMAGE, else what npm run docker:build tags by default. */
export const IMAGE = process.env.WIREBENCH_IMAGE || 'wirebench:local';
/** The stand-in base npm run docker:base builds where no registry is reachable. */
export const BASE_IMAGE = process.env.WIREBENCH_NODE_IMAGE || 'wirebench-base/node:24-bookworm-slim';
/**
 * A cold image build on a 2-core machine takes minutes (2 on overlay2, up to 18 on vfs); more than this is a failure,
 * not patience.
 */
const BUILD_TIMEOUT_MS = 20 * 60_000;

export interface DockerResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `docker args...`, bounded; never throws (the caller asserts on status and output). `env` adds to this process's. */
export function docker(args: string[], timeoutMs = 60_000, env: Record<string, string> = {}): DockerResult {
  const r = spawnSync('docker', args, {
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...env },
  });
  return { status: r.status, stdout: r.stdout ?? '', stderr: `${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

export function imageExists(tag: string): boolean {
  return docker(['image', 'inspect', tag], 30_000).status === 0;
}

/**
 * Why the Docker specs cannot run here, or null: they need root (the daemon this project starts is root's, and the
 * stand-in base needs debootstrap), a docker client, a daemon that answers, and either the image or the base to
 * build it from. `swarm`: also an active swarm (the stack spec).
 */
export function dockerSkipReason({ swarm = false } = {}): string | null {
  if (process.platform !== 'linux') return `Docker specs run on Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'not root (npm run setup:docker starts the daemon as root)';
  const version = docker(['version', '--format', '{{.Server.Version}}'], 30_000);
  if (version.status === null && /ENOENT/.test(version.stderr)) return 'no docker command (npm run setup:docker)';
  if (version.status !== 0)
    return `no Docker daemon answers (npm run setup:docker): ${version.stderr.trim().split('\n')[0]}`;
  if (!imageExists(IMAGE) && !imageExists(BASE_IMAGE))
    return `neither ${IMAGE} nor the base ${BASE_IMAGE} to build it from (npm run docker:base, npm run docker:build)`;
  if (swarm) {
    const state = docker(['info', '--format', '{{.Swarm.LocalNodeState}}'], 30_000).stdout.trim();
    if (state !== 'active')
      return `this machine is not in an active swarm (${state || 'unknown'}; npm run setup:docker)`;
  }
  return null;
}

/** The image, built from the local base when it is not there yet (CI builds it once, before the tests). */
export function ensureImage(): void {
  if (imageExists(IMAGE)) return;
  execFileSync('bash', ['scripts/docker/build-image.sh'], {
    cwd: ROOT,
    env: { ...process.env, WIREBENCH_IMAGE: IMAGE, WIREBENCH_NODE_IMAGE: BASE_IMAGE },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: BUILD_TIMEOUT_MS,
  });
}

/** A name no other run on this daemon uses: the prefix, this process and a random part. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value other than undefined, or throws with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => T | undefined,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
