import { performance } from 'node:perf_hooks';
import { autocannonClosedLoop } from './autocannon-closed-loop';
import { driveClosedLoop } from './drive-closed-loop';
import { driveOpenLoop } from './drive-open-loop';
import { grpcH2Fire } from './grpc-h2-fire';
import { httpFire } from './http-fire';
import { httpLevelRequest } from './http-level-request';
import { DEFAULT_LOAD_ENGINE } from './level-params/load-engines';
import type { LoadEngine } from './level-params/validate-load-level';
import type { GeneratorResult, LoadLevelSpec, MeasuredWindow } from './load-level.interface';
import { ghzClosedLoop } from './outside/ghz-closed-loop';
import { h2loadClosedLoop } from './outside/h2load-closed-loop';
import type { OutsideWindow } from './outside/warm-then-measure';

type ReportWindow = (edge: 'start' | 'end') => void;

/** How each load engine runs a level: the next engine is one entry here and one in LOAD_ENGINE_INFO. */
const ENGINE_RUNS = {
  wirebench: runOwnGenerator,
  ghz: (spec, reportWindow) => runOutsideProgram(ghzClosedLoop, spec, reportWindow),
  h2load: (spec, reportWindow) => runOutsideProgram(h2loadClosedLoop, spec, reportWindow),
} satisfies Record<LoadEngine, (spec: LoadLevelSpec, reportWindow?: ReportWindow) => Promise<GeneratorResult>>;

/** One level, in the generator's own process, on its engine; every engine records into the same kind of histogram. */
export function runGenerator(spec: LoadLevelSpec, reportWindow?: ReportWindow): Promise<GeneratorResult> {
  return ENGINE_RUNS[spec.engine ?? DEFAULT_LOAD_ENGINE](spec, reportWindow);
}

/** An outside program is the generator here: its CPU, not this process's (which only waits for it), is what counts. */
async function runOutsideProgram(
  closedLoop: (spec: LoadLevelSpec, reportWindow?: ReportWindow) => Promise<OutsideWindow>,
  spec: LoadLevelSpec,
  reportWindow?: ReportWindow,
): Promise<GeneratorResult> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { programWindowCpuMs, programCpuMs, ...measured } = await closedLoop(spec, reportWindow);
  const used = process.cpuUsage(cpu);
  return {
    ...measured,
    generatorCpuMs: (used.user + used.system) / 1000 + programCpuMs,
    generatorElapsedMs: performance.now() - started,
    generatorWindowCpuMs: programWindowCpuMs,
  };
}

/**
 * The project's generators: HTTP closed loop through autocannon, gRPC closed loop and both open loops through the
 * project's drivers.
 */
async function runOwnGenerator(spec: LoadLevelSpec, reportWindow?: ReportWindow): Promise<GeneratorResult> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  // The generator's CPU over the measured window alone, for CPU per request and the saturation flag.
  let windowCpu = cpu;
  let windowCpuMs = 0;
  const onWindow = (edge: 'start' | 'end') => {
    if (edge === 'start') windowCpu = process.cpuUsage();
    else {
      const used = process.cpuUsage(windowCpu);
      windowCpuMs = (used.user + used.system) / 1000;
    }
    reportWindow?.(edge);
  };
  let result: MeasuredWindow & { verified: boolean };
  // gRPC goes over HTTP/2 frames; every other transport (JSON GETs, Connect POSTs) is one HTTP/1.1 request, made with
  // its expected reply before any load (a Connect level's from one verified reference call).
  const call = spec.transport === 'grpc' ? undefined : await httpLevelRequest(spec);
  if (call && spec.rate === undefined) {
    result = await autocannonClosedLoop(spec, call, onWindow);
  } else {
    const requests = call ? httpFire(spec, call) : grpcH2Fire(spec);
    try {
      const common = { warmupMs: spec.warmupMs, durationMs: spec.durationMs, requests: spec.requests, onWindow };
      const measured =
        spec.rate !== undefined
          ? await driveOpenLoop({
              ...common,
              rate: spec.rate,
              maxInFlight: spec.concurrency,
              fire: (i) => requests.fire(i % spec.concurrency),
            })
          : await driveClosedLoop({ ...common, concurrency: spec.concurrency, fire: requests.fire });
      result = { ...measured, verified: requests.verified() };
    } finally {
      requests.close();
    }
  }
  const used = process.cpuUsage(cpu);
  return {
    ...result,
    generatorCpuMs: (used.user + used.system) / 1000,
    generatorElapsedMs: performance.now() - started,
    generatorWindowCpuMs: windowCpuMs,
  };
}
