import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { configuredBinaryBlobBytes } from '@app/shapes';
import { BINARY_BLOB_BYTES_VARIABLE } from './generator-blob-bytes';
import { RunCancelledError } from '@app/bench';
import { ClientFdLimitError } from '@app/transports';
import type { GeneratorLauncher } from './generator-launcher';
import type { GeneratorResult, LoadLevelSpec } from './load-level.interface';

/**
 * Runs the generator entry point in a process of its own, bounded in time. It reports the edges of its measured
 * window over IPC as they happen, then its result.
 */
function runGeneratorProcess(
  workerEntry: string,
  spec: LoadLevelSpec,
  onWindow: (edge: 'start' | 'end') => void,
  signal?: AbortSignal,
): Promise<GeneratorResult> {
  const limitMs = spec.warmupMs + (spec.requests ? 600_000 : spec.durationMs * 2) + 30_000;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RunCancelledError('before the load level started'));
    const failed = (error: unknown) =>
      reject(ClientFdLimitError.from(error, 'starting a load generator process') ?? error);
    let child: ChildProcess;
    try {
      // The generator checks replies against its own registry: it gets this process's binary blob size (which may
      // come from --blob-bytes rather than the environment), so both verify the same rows.
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        [BINARY_BLOB_BYTES_VARIABLE]: String(configuredBinaryBlobBytes()),
      };
      // On another node this process's NODE_OPTIONS may name flags it does not take (as the app launcher does).
      if (spec.generatorNode !== undefined) env.NODE_OPTIONS = '';
      child = spawn(spec.generatorNode ?? process.execPath, [workerEntry, JSON.stringify(spec)], {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        env,
      });
    } catch (error) {
      return failed(error);
    }
    // Nobody waits for the level any more: stop its load at once instead of at the end of the window.
    const cancel = () => child.kill('SIGTERM');
    signal?.addEventListener('abort', cancel, { once: true });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    };
    // Before anything else: a spawn that fails (EMFILE) emits 'error' on the next tick and never 'exit', and has no
    // stdio to read; unhandled, that 'error' would end the whole app.
    child.on('error', (error) => {
      done();
      failed(error);
    });
    let err = '';
    let result: GeneratorResult | undefined;
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.on('message', (m: { window?: 'start' | 'end'; result?: GeneratorResult }) => {
      if (m.window) onWindow(m.window);
      if (m.result) result = m.result;
    });
    child.on('exit', (code, exitSignal) => {
      done();
      if (code === 0 && result) return resolve(result);
      if (signal?.aborted) return reject(new RunCancelledError(`during the load level at ${spec.target.address}`));
      reject(
        new Error(
          `load generator ${exitSignal ? `killed (${exitSignal}) after ${limitMs} ms` : `exited ${code}`}: ` +
            `${err.trim().split('\n').pop() ?? 'no result'}`,
        ),
      );
    });
  });
}

/** The generator's entry point, compiled beside this file in the build of whichever app runs the level. */
export function generatorWorkerEntry(): string {
  const entry = join(__dirname, 'generator-worker-main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: load levels run from a build ("npm run build")`);
  return entry;
}

/**
 * The shares as processes on this machine (the default): one generator failing fails the level, and the others are
 * stopped rather than left to run.
 */
export function localGenerators(workerEntry = generatorWorkerEntry()): GeneratorLauncher {
  return async (parts, onWindow, signal) => {
    const stopOthers = new AbortController();
    const partSignal = signal ? AbortSignal.any([signal, stopOthers.signal]) : stopOthers.signal;
    const results = await Promise.all(
      parts.map((part) =>
        runGeneratorProcess(workerEntry, part, onWindow, partSignal).catch((error: unknown) => {
          stopOthers.abort();
          throw error;
        }),
      ),
    );
    return { results };
  };
}
