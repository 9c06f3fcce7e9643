import { execFile, type ExecFileException } from 'node:child_process';
import { RuntimeError } from './runtime-error';

export interface RuntimeVersions {
  /** process.version without its leading `v`: `24.11.1`. */
  nodeVersion: string;
  /** process.versions.v8: `13.6.233.10-node.24`. */
  v8Version: string;
}

export const PROBE_TIMEOUT_MS = 15_000;

// What the binary prints: one JSON line, so a binary that prints something else is told apart from a node.
const PROBE_SCRIPT = 'JSON.stringify({ node: process.version, v8: process.versions.v8 })';

/**
 * Runs the binary once (`node -p ...`) and reads its versions, so a runtime that is missing, not executable, crashes
 * or is not a node fails here in one line before anything is measured on it.
 */
export function probeRuntime(
  spec: string,
  path: string,
  timeoutMs: number = PROBE_TIMEOUT_MS,
): Promise<RuntimeVersions> {
  return new Promise((resolve, reject) => {
    // A clean environment for the probe: NODE_OPTIONS meant for this process may not suit another major.
    const env = { ...process.env, NODE_OPTIONS: '' };
    execFile(
      path,
      ['-p', PROBE_SCRIPT],
      { timeout: timeoutMs, env, encoding: 'utf8', maxBuffer: 1 << 16 },
      (error, stdout, stderr) => {
        if (error) return reject(new RuntimeError(spec, `${path} ${failure(error, stderr, timeoutMs)}`));
        const versions = parseVersions(stdout);
        if (!versions)
          return reject(
            new RuntimeError(spec, `${path} does not answer as a node binary (printed '${firstLine(stdout)}')`),
          );
        resolve(versions);
      },
    );
  });
}

function failure(error: ExecFileException, stderr: string, timeoutMs: number): string {
  if (error.code === 'ENOENT') return 'does not exist';
  if (error.code === 'EACCES') return 'is not executable';
  if (error.code === 'ENOEXEC') return 'is not a program this machine can run';
  if (error.killed) return `did not answer within ${timeoutMs / 1000} s`;
  if (error.signal) return `was killed by ${error.signal}`;
  const why = firstLine(stderr);
  return `exits with code ${error.code}${why ? `: ${why}` : ''}`;
}

function parseVersions(stdout: string): RuntimeVersions | null {
  try {
    const { node, v8 } = JSON.parse(stdout.trim()) as { node?: unknown; v8?: unknown };
    if (typeof node !== 'string' || typeof v8 !== 'string') return null;
    return { nodeVersion: node.replace(/^v/, ''), v8Version: v8 };
  } catch {
    return null;
  }
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0].slice(0, 200);
}
