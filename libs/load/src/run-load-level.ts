import type { GeneratorLauncher } from './generator-launcher';
import { localGenerators } from './local-generators';
import { taskFailureText } from './level-verdict';
import { ProbeWindow, ResourceProbe, ResourceSample } from '@app/bench';
import type { LoadLevelResult, LoadLevelSpec } from './load-level.interface';
import { mergeGeneratorResults } from './merge-generator-results';
import { levelFailureText } from './level-verdict';
import { levelShape } from './level-shape';
import { splitLevel } from './split-level';
import { hostname } from 'node:os';
import { outsideProgram } from './level-params/load-engines';
import { levelNoise, MachineWindow, openMachineWindow } from './level-noise';

// Above this share of one core the generator, not the server, may be what limits the rate: its event loop also
// waits on the network, so it tops out a little below a full core.
const SATURATED_CORE_SHARE = 0.8;

export interface RunLoadLevelOptions {
  /** Where the generators run (default: local processes). */
  launch?: GeneratorLauncher;
  /** Reads the server's CPU and memory around the window (default: a probe from /proc or the server's report). */
  probe?: ResourceProbe;
  signal?: AbortSignal;
  /** Other processes' CPU, in cores, above which the level is marked disturbed (default: DEFAULT_DISTURBED_ABOVE). */
  disturbedAbove?: number;
}

/**
 * One load level: server CPU and peak RSS are read around it (from /proc, by the port the server listens on),
 * the load comes from a separate process so the generator is not what is measured.
 */
export async function runLoadLevel(
  name: string,
  spec: LoadLevelSpec,
  options: RunLoadLevelOptions = {},
): Promise<LoadLevelResult> {
  const { launch = localGenerators(), probe = new ResourceProbe(), signal, disturbedAbove } = options;
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
  let machine: MachineWindow | undefined;
  let started = 0;
  let endedParts = 0;
  const { results, tasks } = await launch(
    parts,
    (edge) => {
      if (edge === 'start' && started++ === 0) {
        window = probe.begin(spec.target, { client: false });
        machine = openMachineWindow();
      }
      // A share that failed never ends its window: the level's then ends with the last one that did.
      else if (edge === 'end' && ++endedParts === parts.length) {
        machine?.end();
        ended = window?.then((w) => w.end());
      }
    },
    signal,
  );
  machine?.end();
  const failedShares = tasks?.filter((t) => t.error !== undefined) ?? [];
  if (results.length === 0)
    throw new Error(`every load generator task failed: ${failedShares.map(taskFailureText).join('; ')}`);
  const server = await (ended ?? (failedShares.length > 0 ? window?.then((w) => w.end()) : undefined));
  const { generatorRuntime, ...g } = mergeGeneratorResults(results);
  // A level's table has no lifetime marker: a peak since the server started (VmHWM not reset) is left empty instead,
  // and the note says so rather than the probe's, which speaks of a marked figure.
  const lifetimePeak = server?.serverPeakIsLifetime === true;
  const notes = server
    ? server.notes.filter((n) => !(lifetimePeak && n.startsWith('server peak RSS:')))
    : ['server CPU and memory: the measured window was not reported'];
  if (lifetimePeak)
    notes.push(
      "server peak RSS: left empty, VmHWM cannot be reset here and the server's lifetime peak is not this level's",
    );
  const outside = outsideProgram(spec.engine);
  if (outside)
    notes.push(
      `${spec.engine}: replies not checked by ` +
        `${spec.engine} (one probe call verified first${outside.reads ? `; it reads ${outside.reads}` : ''}); ` +
        'payload bytes = the probe reply size x successes',
    );
  const serverCpuMs = server?.serverCpuMs ?? null;
  const serverPeakRssBytes = lifetimePeak ? null : (server?.serverPeakRssBytes ?? null);
  const windowS = g.windowMs / 1000;
  // Saturation is per process: each generator has one event loop, so the busiest one is what counts.
  const coreShare = Math.max(...results.map((r) => (r.windowMs > 0 ? r.generatorWindowCpuMs / r.windowMs : 0)));
  const failed = g.requests - g.successes;
  if (failed > 0) notes.push(levelFailureText({ ...g, target: spec.target }, spec.timeoutMs));
  for (const t of failedShares)
    notes.push(`${taskFailureText(t)}: its share (${parts[t.slot].concurrency} callers) is not in these figures`);
  if (coreShare >= SATURATED_CORE_SHARE)
    notes.push(
      `load generator used ${(coreShare * 100).toFixed(0)}% of a core: it may be the limit here, not the server` +
        (parts.length === 1 ? ' (try --generators 2)' : ''),
    );
  const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;
  // The level's own CPU beside this process's: its server where it ran on this machine (read from /proc here, or its
  // own report gave this machine's boot ID: a swarm service on a one-node swarm or on `npm run swarm:lab`'s nodes; one
  // on another machine is not subtracted, as in a bench run), and its generators where they ran here.
  const here = generatorsHere(tasks);
  const noise =
    here === null
      ? null
      : levelNoise(
          machine?.reading() ?? null,
          (server?.serverOnThisMachine ? (serverCpuMs ?? 0) : 0) + (here ? g.generatorWindowCpuMs : 0),
          disturbedAbove,
        );
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
    ...(tasks ? { generatorTasks: tasks } : {}),
    serverCpuMs: serverCpuMs === null ? null : round(serverCpuMs),
    serverCpuUsPerRequest:
      serverCpuMs === null || g.requests === 0 ? null : round((serverCpuMs * 1000) / g.requests, 1),
    clientCpuUsPerRequest: g.requests === 0 ? 0 : round((g.generatorWindowCpuMs * 1000) / g.requests, 1),
    generatorWindowCpuMs: round(g.generatorWindowCpuMs),
    serverPeakRssBytes,
    serverProcesses: server?.serverProcesses ?? 0,
    serverResourcesSource: server?.serverResourcesSource ?? null,
    foreignCpuCores: noise?.foreignCpuCores ?? null,
    stealCores: noise?.stealCores ?? null,
    disturbed: noise?.disturbed ?? null,
    disturbedAbove: noise?.disturbedAbove ?? null,
    // An outside engine's generator (ghz: Go, h2load: C) is not the node process that waits for it.
    runtime: { generator: outside ? null : (generatorRuntime ?? null), server: serverRuntime },
    notes,
    startedAt,
    endedAt: new Date().toISOString(),
  };
}

/**
 * Whether a swarm node, as records name it (its hostname, or hostname/ID where several share one), is this machine:
 * nodes of one machine (npm run swarm:lab's namespaces) share its hostname.
 */
export function onThisMachine(node: string): boolean {
  return node.split('/')[0] === hostname();
}

/**
 * true: the generators ran on this machine (local processes, or every swarm task here); false: none did; null: some
 * did.
 */
function generatorsHere(tasks: LoadLevelResult['generatorTasks']): boolean | null {
  if (!tasks) return true;
  const here = tasks.filter((t) => onThisMachine(t.node)).length;
  return here === tasks.length ? true : here === 0 ? false : null;
}
