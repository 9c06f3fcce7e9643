// A level's server peak RSS where VmHWM cannot be reset: a level's table has no lifetime mark, so the figure is left
// empty with a note that says so, never printed bare; where the reset works the peak is the window's own.
import { hostname } from 'node:os';
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

function probe(lifetime: boolean): ResourceProbe {
  const sample: ResourceSample = {
    clientCpuMs: null,
    serverCpuMs: 50,
    clientPeakRssBytes: null,
    serverPeakRssBytes: 300_000_000,
    clientPeakIsLifetime: false,
    serverPeakIsLifetime: lifetime,
    serverProcesses: 1,
    serverResourcesSource: 'proc',
    foreignCpuCores: null,
    stealCores: null,
    notes: lifetime
      ? [
          "server peak RSS: cannot reset VmHWM of the server process, so the figure is the process's peak " +
            "since it started (marked lifetime), an upper bound of this run's",
        ]
      : [],
  };
  return {
    serverReport: async () => ({ runtime: null, shapeSettings: null }),
    begin: async () => ({ end: async () => sample }),
  } as unknown as ResourceProbe;
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

describe('onThisMachine (whose CPU a level subtracts as its own)', () => {
  it('is a node named by this hostname, alone or as hostname/ID (nodes of one machine), and no other', () => {
    expect(onThisMachine(hostname())).toBe(true);
    expect(onThisMachine(`${hostname()}/mzjgfwub4t72`)).toBe(true);
    expect(onThisMachine(`${hostname()}x`)).toBe(false);
    expect(onThisMachine('db1/mzjgfwub4t72')).toBe(false);
  });
});
