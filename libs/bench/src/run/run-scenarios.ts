import { DEFAULT_SHAPE, getShape } from '@app/shapes';
import { requireSameShapeSetting } from './shape-setting-mismatch';
import type { Plan } from './plan.interface';
import type { ProcessRuntime, RunSample, ScenarioResult, WireBytes } from '../result/result.interface';
import type { RunProbe, ServerResourcesSource } from '../resources/resource-probe';
import type { ServerReport } from '../resources/server-runtime';
import type { ServerWatch } from '../resources/server-watch';
import type { RelayTransportFactory } from './measure-wire';
import { aggregateRuns } from '../aggregate/aggregate-runs';
import { aggregateResources } from '../aggregate/aggregate-resources';
import { measureWire } from './measure-wire';
import { executeRun } from './execute-run';
import { nameTheRun } from './name-the-run';
import { medianRunPhases } from '../aggregate/median-run';
import { DEFAULT_DISTURBED_ABOVE, judgeNoise } from '../noise/judge-noise';
import { DisturbedReruns, type RerunDisturbedOptions } from '../noise/disturbed-reruns';
import { throwIfCancelled } from './run-cancelled.error';
import type { RunPosition, RunProgress } from './run-progress';
import { isStreamingVariant } from '../scenario/variants';

/** Emitted after every run, warm-up or measured, for progress bars and log lines. */
export interface RunEvent {
  plan: Plan;
  phase: 'warmup' | 'measure' | 'wire';
  /** 1-based within its phase. */
  run: number;
  of: number;
  sample?: RunSample;
}

export interface RunOptions {
  onRun?: (event: RunEvent) => void;
  /**
   * Measures CPU and memory around each measured run (outside its timed section), and watches the server
   * processes: one that ends before the last run does fails the call with ServerRestartedError.
   */
  probe?: RunProbe;
  /** When given, bytes on the wire are measured in a separate pass after the measured runs. */
  wire?: RelayTransportFactory;
  /**
   * Fired when nobody waits for the result any more (the HTTP caller hung up): checked before every run and
   * wire pass, and before each request of a run, so the call rejects with RunCancelledError instead of going on.
   */
  signal?: AbortSignal;
  /** Kept up to date with the run in progress and its rows so far, for a caller that shows progress while it waits. */
  progress?: RunProgress;
  /** Foreign CPU, in cores, above which a measured run is marked disturbed (0.2 unless given). */
  disturbedAbove?: number;
  /**
   * --quiet: a disturbed measured run is measured again, after a bounded wait for a quiet machine, within these bounds.
   */
  rerunDisturbed?: RerunDisturbedOptions;
}

/**
 * Warm-up runs of every plan (discarded), then measured runs interleaved across plans so that drift of the
 * machine hits all of them alike; the order of plans rotates each round so none is always first.
 * A failed request or a payload that does not verify rejects the whole call: no partial numbers.
 */
export async function runScenarios(plans: Plan[], options: RunOptions = {}): Promise<ScenarioResult[]> {
  const { signal, progress } = options;
  const startedAt = new Date().toISOString();
  // Taken before the first run (warm-up included: a server restarted after it would be measured cold).
  const servers = options.probe?.watch(plans.map((p) => p.transport.target));
  // Each server in its own words, before anything is timed: asked once per server, however many plans it serves.
  const reports = await serverReports(plans, options.probe);
  const serverRuntimes = plans.map((p) => reports.get(serverKey(p))?.runtime ?? null);
  // A server whose shape is built with another setting (BINARY_BLOB_BYTES) is refused now, not after a timed run.
  for (const plan of plans.filter((p) => getShape(p.scenario.shape).setting)) {
    requireSameShapeSetting(
      plan.scenario.shape,
      plan.transport.target,
      reports.get(serverKey(plan))?.shapeSettings ?? null,
    );
  }
  const maxWarmup = Math.max(0, ...plans.map((p) => p.scenario.warmup));
  for (let w = 1; w <= maxWarmup; w++) {
    for (const plan of rotate(plans, w)) {
      if (w > plan.scenario.warmup) continue;
      // Named once: in a cancellation, a failed request's error and a restarted server's.
      const run = `warm-up run ${w}/${plan.scenario.warmup}`;
      throwIfCancelled(signal, () => `before ${run} of ${describe(plan)}`);
      progress?.startRun(position(plan, 'warmup', w, plan.scenario.warmup));
      await executeRun(plan.scenario, plan.transport, signal, progress).catch((error: unknown) => {
        throw nameTheRun(error, `${run} of ${describe(plan)}`);
      });
      servers?.check(() => `${run} of ${plan.scenario.variant}`);
      options.onRun?.({ plan, phase: 'warmup', run: w, of: plan.scenario.warmup });
    }
  }

  const disturbedAbove = options.disturbedAbove ?? DEFAULT_DISTURBED_ABOVE;
  const reruns = options.rerunDisturbed?.perScenario
    ? new DisturbedReruns(plans.length, options.rerunDisturbed, disturbedAbove)
    : null;
  const samples: RunSample[][] = plans.map(() => []);
  const replaced: RunSample[][] = plans.map(() => []);
  const notes: string[][] = plans.map(() => []);
  const sources: ServerResourcesSource[][] = plans.map(() => []);
  const maxRuns = Math.max(...plans.map((p) => p.scenario.runs));
  for (let r = 1; r <= maxRuns; r++) {
    for (const plan of rotate(plans, r - 1)) {
      if (r > plan.scenario.runs) continue;
      const i = plans.indexOf(plan);
      // A run measured again (--quiet) is the same run: the same number, its own start time and figures.
      const measure = () => measureRun(plan, r, options, servers);
      // The notes and source of the measurement kept, which is the last one made.
      let latest = await measure();
      const { kept, replaced: again } = reruns
        ? await reruns.keep(i, latest.sample, async () => (latest = await measure()).sample)
        : { kept: latest.sample, replaced: [] };
      replaced[i].push(...again);
      notes[i].push(...latest.notes);
      sources[i].push(latest.source);
      samples[i].push(kept);
      options.onRun?.({ plan, phase: 'measure', run: r, of: plan.scenario.runs, sample: kept });
    }
  }

  const wire: (WireBytes | null)[] = [];
  for (const plan of plans) {
    // The wire pass's own two runs are not cancellable inside: measureWire turns any error into a note.
    if (options.wire) throwIfCancelled(signal, () => `before the wire pass of ${describe(plan)}`);
    if (options.wire) progress?.startRun(position(plan, 'wire', 1, 1));
    wire.push(options.wire ? await measureWire(plan, options.wire, progress) : null);
    if (options.wire) options.onRun?.({ plan, phase: 'wire', run: 1, of: 1 });
  }
  const endedAt = new Date().toISOString();
  return plans.map((plan, i) => {
    const extra = reruns ? rerunNotes(replaced[i].length, reruns, i) : [];
    const result = toResult(plan, {
      runs: samples[i],
      notes: [...notes[i], ...extra],
      sources: sources[i],
      wire: wire[i],
      server: serverRuntimes[i],
      startedAt,
      endedAt,
    });
    return judgeNoise(replaced[i].length > 0 ? { ...result, replacedRuns: replaced[i] } : result, disturbedAbove);
  });
}

/** One measured run with the probe around it, outside its timed section; a failure names the run and the plan. */
async function measureRun(
  plan: Plan,
  r: number,
  { signal, progress, probe: runProbe }: RunOptions,
  servers: ServerWatch | undefined,
): Promise<{ sample: RunSample; notes: string[]; source: ServerResourcesSource }> {
  const run = `measured run ${r}/${plan.scenario.runs}`;
  throwIfCancelled(signal, () => `before ${run} of ${describe(plan)}`);
  const at = new Date().toISOString();
  const probe = await runProbe?.begin(plan.transport.target);
  progress?.startRun(position(plan, 'measure', r, plan.scenario.runs));
  const measured = await executeRun(plan.scenario, plan.transport, signal, progress).catch((error: unknown) => {
    throw nameTheRun(error, `${run} of ${describe(plan)}`);
  });
  const resources = await probe?.end();
  servers?.check(() => `${run} of ${plan.scenario.variant}`);
  const sample: RunSample = {
    run: r,
    at,
    ...measured,
    verified: true,
    clientCpuMs: round3(resources?.clientCpuMs ?? null),
    serverCpuMs: round3(resources?.serverCpuMs ?? null),
    clientPeakRssBytes: resources?.clientPeakRssBytes ?? null,
    serverPeakRssBytes: resources?.serverPeakRssBytes ?? null,
    ...(resources?.clientPeakIsLifetime ? { clientPeakIsLifetime: true } : {}),
    ...(resources?.serverPeakIsLifetime ? { serverPeakIsLifetime: true } : {}),
    foreignCpuCores: resources?.foreignCpuCores ?? null,
    stealCores: resources?.stealCores ?? null,
  };
  return {
    sample,
    notes: resources?.notes ?? ['CPU and memory not measured'],
    source: resources?.serverResourcesSource ?? null,
  };
}

/** What a scenario's notes say about its re-runs: how many were replaced and where they are, and why any was not. */
function rerunNotes(count: number, reruns: DisturbedReruns, i: number): string[] {
  const said =
    count === 0
      ? []
      : [
          `${count} disturbed ` +
            `run${count === 1 ? '' : 's'} measured again after a wait for a quiet machine (--quiet, at ` +
            `most ${reruns.options.perScenario} a scenario): the ` +
            `replaced ${count === 1 ? 'one is' : 'ones are'} in result.json's replacedRuns, out of every figure`,
        ];
  return [...said, ...reruns.notes[i]];
}

/** The server a plan's transport reaches: the same process for every plan that names it. */
const serverKey = ({ transport: { target } }: Plan): string =>
  `${target.server}|${target.serverAddress ?? target.address}`;

async function serverReports(plans: Plan[], probe: RunProbe | undefined): Promise<Map<string, ServerReport>> {
  const reports = new Map<string, ServerReport>();
  if (!probe?.serverReport) return reports;
  for (const plan of plans) {
    const key = serverKey(plan);
    if (!reports.has(key)) reports.set(key, await probe.serverReport(plan.transport.target));
  }
  return reports;
}

function describe({ scenario: s }: Plan): string {
  return (
    `${s.variant} ${s.mode} rows=${s.rowsPerRequest} requests=${s.requests}` +
    (s.shape === DEFAULT_SHAPE ? '' : ` shape=${s.shape}`)
  );
}

function position({ scenario: s }: Plan, phase: RunPosition['phase'], run: number, of: number): RunPosition {
  return {
    variant: s.variant,
    shape: s.shape,
    mode: s.mode,
    phase,
    run,
    of,
    rowsPerRun: s.rowsPerRequest * s.requests,
    requestsPerRun: s.requests,
    streamed: isStreamingVariant(s.variant),
  };
}

function rotate<T>(items: T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

function round3(v: number | null): number | null {
  return v === null ? null : Math.round(v * 1000) / 1000;
}

/**
 * What a plan's measurement left: its kept runs, their notes and resource sources, the wire pass, the server's runtime.
 */
interface Measured {
  runs: RunSample[];
  notes: string[];
  sources: ServerResourcesSource[];
  wire: WireBytes | null;
  server: ProcessRuntime | null;
  startedAt: string;
  endedAt: string;
}

function toResult(plan: Plan, { runs, notes, sources, wire, server, startedAt, endedAt }: Measured): ScenarioResult {
  const { scenario, transport } = plan;
  const stats = aggregateRuns(runs);
  const rowsReceivedPerRun = scenario.rowsPerRequest * scenario.requests;
  const payloadBytesPerRun = runs[0]?.payloadBytes ?? 0;
  const seconds = stats.medianMs / 1000;
  // The user's message says where it came from (files and their SHA-256), so a result names what it measured.
  const { source: shapeSource, setting } = getShape(scenario.shape);
  return {
    name: scenario.name,
    transport: scenario.transport,
    variant: scenario.variant,
    shape: scenario.shape,
    ...(shapeSource ? { shapeSource } : {}),
    ...(setting ? { [setting.resultField]: setting.value } : {}),
    mode: scenario.mode,
    target: transport.target,
    rowsPerRequest: scenario.rowsPerRequest,
    chunkRows: scenario.chunkRows,
    requests: scenario.requests,
    concurrency: scenario.concurrency,
    warmup: scenario.warmup,
    runs,
    stats,
    rowsReceivedPerRun,
    payloadBytesPerRun,
    payloadBytesPerRequest: payloadBytesPerRun / scenario.requests,
    throughput: {
      rowsPerSec: seconds > 0 ? Math.round(rowsReceivedPerRun / seconds) : 0,
      payloadMBPerSec: seconds > 0 ? Math.round((payloadBytesPerRun / 1e6 / seconds) * 1000) / 1000 : 0,
    },
    resources: aggregateResources(runs, scenario.requests, notes, sources),
    phases: medianRunPhases(runs),
    wire,
    // The engine runs in the client: its own process.versions are the client's runtime.
    runtime: { client: { nodeVersion: process.versions.node, v8Version: process.versions.v8 }, server },
    verified: runs.every((s) => s.verified),
    startedAt,
    endedAt,
  };
}
