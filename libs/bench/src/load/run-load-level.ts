import { ChildProcess, spawn } from 'node:child_process';
import { configuredBinaryBlobBytes } from '@app/shapes';
import { BINARY_BLOB_BYTES_VARIABLE } from './generator-blob-bytes';
import { RunCancelledError } from '../run/run-cancelled.error';
import { ClientFdLimitError } from '../transports/client-fd-limit.error';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ProbeWindow, ResourceProbe, ResourceSample } from '../resources/resource-probe';
import type { GeneratorResult, LoadLevelResult, LoadLevelSpec } from './load-level.interface';
import { mergeGeneratorResults } from './merge-generator-results';
import { levelFailureText } from './level-verdict';
import { levelShape } from './level-shape';
import { splitLevel } from './split-level';

// Above this share of one core the generator, not the server, may be what limits the rate: its event loop also
// waits on the network, so it tops out a little below a full core.
const SATURATED_CORE_SHARE = 0.8;

/**
 * Runs the generator entry point in a process of its own, bounded in time. It reports the edges of its measured
 * window over IPC as they happen, then its result.
 */
function runGeneratorProcess(workerEntry: string, spec: LoadLevelSpec, onWindow: (edge: 'start' | 'end') => void, signal?: AbortSignal): Promise<GeneratorResult> {
  const limitMs = spec.warmupMs + (spec.requests ? 600_000 : spec.durationMs * 2) + 30_000;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RunCancelledError('before the load level started'));
    const failed = (error: unknown) => reject(ClientFdLimitError.from(error, 'starting a load generator process') ?? error);
    let child: ChildProcess;
    try {
      // The generator checks replies against its own registry: it gets this process's binary blob size (which may
      // come from --blob-bytes rather than the environment), so both verify the same rows.
      const env: NodeJS.ProcessEnv = { ...process.env, [BINARY_BLOB_BYTES_VARIABLE]: String(configuredBinaryBlobBytes()) };
      // On another node this process's NODE_OPTIONS may name flags it does not take (as the app launcher does).
      if (spec.generatorNode !== undefined) env.NODE_OPTIONS = '';
      child = spawn(spec.generatorNode ?? process.execPath, [workerEntry, JSON.stringify(spec)], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env });
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
      reject(new Error(`load generator ${exitSignal ? `killed (${exitSignal}) after ${limitMs} ms` : `exited ${code}`}: ${err.trim().split('\n').pop() ?? 'no result'}`));
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
 * One load level: server CPU and peak RSS are read around it (from /proc, by the port the server listens on),
 * the load comes from a separate process so the generator is not what is measured.
 */
export async function runLoadLevel(name: string, spec: LoadLevelSpec, workerEntry = generatorWorkerEntry(), probe = new ResourceProbe(), signal?: AbortSignal): Promise<LoadLevelResult> {
  const startedAt = new Date().toISOString();
  // Which node the server runs, in its own words, asked before the load so the question is not part of it.
  const serverRuntime = (await probe.serverReport(spec.target)).runtime;
  // Server CPU and peak RSS over the measured window only, not the warm-up: the generator says when it is. With
  // several generators the window runs from the first one's start to the last one's end.
  // The probe is asynchronous (a remote server is asked over the network): the edges start its calls, and they
  // are awaited once the generators are done. A self-report's begin lands a few ms into the window, under load.
  let window: Promise<ProbeWindow> | undefined;
  let ended: Promise<ResourceSample | undefined> | undefined;
  const parts = splitLevel(spec);
  let started = 0;
  let endedParts = 0;
  // One generator that cannot start or fails fails the level: the others are stopped rather than left to run.
  const stopOthers = new AbortController();
  const partSignal = signal ? AbortSignal.any([signal, stopOthers.signal]) : stopOthers.signal;
  const results = await Promise.all(
    parts.map((part) =>
      runGeneratorProcess(workerEntry, part, (edge) => {
        if (edge === 'start' && started++ === 0) window = probe.begin(spec.target, { client: false });
        else if (edge === 'end' && ++endedParts === parts.length) ended = window?.then((w) => w.end());
      }, partSignal).catch((error: unknown) => {
        stopOthers.abort();
        throw error;
      }),
    ),
  );
  const server = await ended;
  const { generatorRuntime, ...g } = mergeGeneratorResults(results);
  const notes = server ? [...server.notes] : ['server CPU and memory: the measured window was not reported'];
  if (spec.engine === 'ghz') notes.push('ghz: replies not checked by ghz (one probe call verified first); payload bytes = the probe reply size x successes');
  const serverCpuMs = server?.serverCpuMs ?? null;
  const serverPeakRssBytes = server?.serverPeakRssBytes ?? null;
  const windowS = g.windowMs / 1000;
  // Saturation is per process: each generator has one event loop, so the busiest one is what counts.
  const coreShare = Math.max(...results.map((r) => (r.windowMs > 0 ? r.generatorWindowCpuMs / r.windowMs : 0)));
  const failed = g.requests - g.successes;
  if (failed > 0) notes.push(levelFailureText({ ...g, target: spec.target }, spec.timeoutMs));
  if (coreShare >= SATURATED_CORE_SHARE) notes.push(`load generator used ${(coreShare * 100).toFixed(0)}% of a core: it may be the limit here, not the server` + (parts.length === 1 ? ' (try --generators 2)' : ''));
  const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;
  return {
    name,
    transport: spec.transport,
    targetKind: spec.targetKind,
    engine: spec.engine ?? 'wirebench',
    shape: levelShape(spec),
    target: spec.target,
    mode: spec.rate === undefined ? 'closed' : 'open',
    rows: spec.rows,
    concurrency: spec.concurrency,
    connections: spec.connections,
    rate: spec.rate ?? null,
    warmupMs: spec.warmupMs,
    ...g,
    windowMs: round(g.windowMs),
    generatorCpuMs: round(g.generatorCpuMs),
    generatorElapsedMs: round(g.generatorElapsedMs),
    rps: windowS > 0 ? round(g.successes / windowS, 1) : 0,
    payloadBytesPerSec: windowS > 0 ? Math.round(g.payloadBytes / windowS) : 0,
    generatorCoreShare: round(coreShare),
    generatorSaturated: coreShare >= SATURATED_CORE_SHARE,
    generators: parts.length,
    serverCpuMs: serverCpuMs === null ? null : round(serverCpuMs),
    serverCpuUsPerRequest: serverCpuMs === null || g.requests === 0 ? null : round((serverCpuMs * 1000) / g.requests, 1),
    clientCpuUsPerRequest: g.requests === 0 ? 0 : round((g.generatorWindowCpuMs * 1000) / g.requests, 1),
    generatorWindowCpuMs: round(g.generatorWindowCpuMs),
    serverPeakRssBytes,
    serverProcesses: server?.serverProcesses ?? 0,
    serverResourcesSource: server?.serverResourcesSource ?? null,
    // ghz's generator is Go: the node process that waits for it is not what generated the load.
    runtime: { generator: spec.engine === 'ghz' ? null : (generatorRuntime ?? null), server: serverRuntime },
    notes,
    startedAt,
    endedAt: new Date().toISOString(),
  };
}
