// A level's server peak RSS where VmHWM cannot be reset: a level's table has no lifetime mark, so the figure is left
// empty with a note that says so, never printed bare; where the reset works the peak is the window's own.
import { spawnSync } from 'node:child_process';
import { hostname, platform } from 'node:os';
import { LatencyHistogram } from '@app/bench';
import type { ResourceProbe, ResourceSample } from '@app/bench';
import type { GeneratorLauncher } from './generator-launcher';
import type { GeneratorResult, LoadLevelSpec } from './load-level.interface';
import { onThisMachine, runLoadLevel } from './run-load-level';

const SPEC: LoadLevelSpec = {
  transport: 'grpc',
  targetKind: 'nest',
  target: { server: 'grpc-server', address: '127.0.0.1:1' },
  rows: 1,
  concurrency: 1,
  connections: 1,
  durationMs: 1000,
  warmupMs: 0,
  timeoutMs: 1000,
  grpcMaxMessageBytes: 1 << 20,
};

function generated(): GeneratorResult {
  const h = new LatencyHistogram();
  h.recordMicros(1000);
  const { histogram, exact } = h.encode();
  h.destroy();
  return {
    requests: 1,
    successes: 1,
    errors: {},
    timeouts: 0,
    windowMs: 1000,
    latency: { mean: 1, p50: 1, p90: 1, p99: 1, p999: 1, max: 1 },
    payloadBytes: 10,
    perSecond: [1],
    latencyHistogram: histogram,
    latencyExactUs: exact,
    verified: true,
    generatorCpuMs: 10,
    generatorElapsedMs: 1000,
    generatorWindowCpuMs: 9,
    endedBy: 'duration',
  };
}

// One generator that opens and closes the measured window around its share.
const launch: GeneratorLauncher = async (_parts, onWindow) => {
  onWindow('start');
  onWindow('end');
  return { results: [generated()] };
};

/** A probe whose window ends with this sample: a server's figures from /proc here unless `overrides` say otherwise. */
function probeEnding(overrides: Partial<ResourceSample>): ResourceProbe {
  const sample: ResourceSample = {
    clientCpuMs: null,
    serverCpuMs: 50,
    clientPeakRssBytes: null,
    serverPeakRssBytes: 300_000_000,
    clientPeakIsLifetime: false,
    serverPeakIsLifetime: false,
    serverProcesses: 1,
    serverResourcesSource: 'proc',
    serverOnThisMachine: true,
    foreignCpuCores: null,
    stealCores: null,
    notes: [],
    ...overrides,
  };
  return {
    serverReport: async () => ({ runtime: null, shapeSettings: null }),
    begin: async () => ({ end: async () => sample }),
  } as unknown as ResourceProbe;
}

function probe(lifetime: boolean): ResourceProbe {
  return probeEnding({
    serverPeakIsLifetime: lifetime,
    notes: lifetime
      ? [
          "server peak RSS: cannot reset VmHWM of the server process, so the figure is the process's peak " +
            "since it started (marked lifetime), an upper bound of this run's",
        ]
      : [],
  });
}

describe('runLoadLevel: the server peak RSS', () => {
  it("is left empty where it could only be the server's lifetime peak, and the note says why", async () => {
    const level = await runLoadLevel('l', SPEC, { launch, probe: probe(true) });
    expect(level.serverPeakRssBytes).toBeNull();
    expect(level.notes).toEqual([
      "server peak RSS: left empty, VmHWM cannot be reset here and the server's lifetime peak is not this level's",
    ]);
  });

  it("is the window's peak where VmHWM was reset", async () => {
    const level = await runLoadLevel('l', SPEC, { launch, probe: probe(false) });
    expect(level.serverPeakRssBytes).toBe(300_000_000);
    expect(level.notes).toEqual([]);
  });
});

(platform() === 'linux' ? describe : describe.skip)("runLoadLevel: whose CPU the level's noise counts", () => {
  // The window holds ~300 ms of CPU burned by another process of this machine, standing for the server; the probe
  // reports the server's own figures, as a swarm service's, with 10 minutes of CPU (more than any machine spends in
  // the window) so that counting them as the level's own leaves no foreign CPU at all.
  const burning: GeneratorLauncher = async (_parts, onWindow) => {
    onWindow('start');
    spawnSync(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);']);
    onWindow('end');
    return { results: [generated()] };
  };
  const selfReported = (serverOnThisMachine: boolean) =>
    probeEnding({ serverCpuMs: 600_000, serverResourcesSource: 'server', serverOnThisMachine });

  it("counts a server whose report gave this machine's boot ID as the level's own CPU", async () => {
    const level = await runLoadLevel('l', SPEC, { launch: burning, probe: selfReported(true) });
    expect(level.serverResourcesSource).toBe('server');
    expect(level.foreignCpuCores).toBe(0);
  });

  it('leaves a server on another machine out: what burned here is foreign', async () => {
    const level = await runLoadLevel('l', SPEC, { launch: burning, probe: selfReported(false) });
    expect(level.foreignCpuCores).toBeGreaterThan(0);
  });
});

describe('onThisMachine (whether a swarm task ran on this machine)', () => {
  it('is a node named by this hostname, alone or as hostname/ID (nodes of one machine), and no other', () => {
    expect(onThisMachine(hostname())).toBe(true);
    expect(onThisMachine(`${hostname()}/mzjgfwub4t72`)).toBe(true);
    expect(onThisMachine(`${hostname()}x`)).toBe(false);
    expect(onThisMachine('db1/mzjgfwub4t72')).toBe(false);
  });
});
