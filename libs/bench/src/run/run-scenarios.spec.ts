// The engine's bookkeeping (warm-up, interleaving, verification) with an in-memory transport; the real
// transports over real sockets are covered by the e2e suites in test/.
import { rows } from '@app/data-generator';
import type { Scenario } from '../scenario/scenario.interface';
import type { FetchedRows, RowsTransport } from '../transport-contract/rows-transport.interface';
import { TransportError } from '../transport-contract/transport-errors';
import { PayloadMismatchError } from './payload-mismatch.error';
import { RunCancelledError } from './run-cancelled.error';
import { runScenarios } from './run-scenarios';
import { RunProgress } from './run-progress';
import type { ResourceSample, RunProbe } from '../resources/resource-probe';

class InMemoryTransport implements RowsTransport {
  calls: number[] = [];
  constructor(
    readonly kind: 'json' | 'grpc',
    private readonly log: string[],
    private readonly corrupt = false,
  ) {}
  readonly target = { server: 'json-server' as const, address: 'memory' };
  readonly shape = 'row' as const;
  readonly rowForm = 'json' as const;
  async fetchRows(count: number): Promise<FetchedRows> {
    this.calls.push(count);
    this.log.push(this.kind);
    const r = rows(count);
    if (this.corrupt) r[r.length - 1].columnC = 'x';
    return { rows: r, payloadBytes: count * 10 };
  }
}

const scenario = (transport: 'json' | 'grpc', over: Partial<Scenario> = {}): Scenario => ({
  name: 'test',
  transport,
  variant: transport,
  shape: 'row',
  mode: 'single',
  rowsPerRequest: 5,
  chunkRows: null,
  requests: 1,
  concurrency: 1,
  runs: 3,
  warmup: 2,
  ...over,
});

describe('runScenarios', () => {
  it('discards warm-up runs and reports each measured run', async () => {
    const log: string[] = [];
    const t = new InMemoryTransport('json', log);
    const [result] = await runScenarios([{ scenario: scenario('json'), transport: t }]);
    expect(t.calls).toHaveLength(5);
    expect(result.runs.map((r) => r.run)).toEqual([1, 2, 3]);
    expect(result.stats.n).toBe(3);
    expect(result).toMatchObject({ verified: true, rowsReceivedPerRun: 5, payloadBytesPerRun: 50, warmup: 2 });
  });

  it('interleaves plans and rotates which goes first', async () => {
    const log: string[] = [];
    const plans = [
      { scenario: scenario('json', { warmup: 0 }), transport: new InMemoryTransport('json', log) },
      { scenario: scenario('grpc', { warmup: 0 }), transport: new InMemoryTransport('grpc', log) },
    ];
    await runScenarios(plans);
    expect(log).toEqual(['json', 'grpc', 'grpc', 'json', 'json', 'grpc']);
  });

  it('issues every request of a parallel run and respects the concurrency cap', async () => {
    let inFlight = 0;
    let peak = 0;
    const t: RowsTransport = {
      kind: 'grpc',
      target: { server: 'grpc-server', address: 'memory' },
      shape: 'row',
      rowForm: 'json',
      async fetchRows(count) {
        peak = Math.max(peak, ++inFlight);
        await new Promise((r) => setTimeout(r, 2));
        inFlight--;
        return { rows: rows(count), payloadBytes: 1 };
      },
    };
    const [result] = await runScenarios([
      {
        scenario: scenario('grpc', {
          mode: 'parallel',
          rowsPerRequest: 1,
          requests: 20,
          concurrency: 4,
          runs: 1,
          warmup: 0,
        }),
        transport: t,
      },
    ]);
    expect(peak).toBe(4);
    expect(result.runs[0]).toMatchObject({ rowsReceived: 20, payloadBytes: 20 });
  });

  it('rejects rows that do not verify instead of reporting a time', async () => {
    const t = new InMemoryTransport('json', [], true);
    await expect(runScenarios([{ scenario: scenario('json'), transport: t }])).rejects.toBeInstanceOf(
      PayloadMismatchError,
    );
  });

  // Several variants call one server: the error names the server, the engine adds whose run it was.
  it('names the variant and the run a failed request belonged to, in the message and as `run`', async () => {
    const corrupt = runScenarios([
      { scenario: scenario('json', { variant: 'connect-proto' }), transport: new InMemoryTransport('json', [], true) },
    ]);
    await expect(corrupt).rejects.toMatchObject({
      name: 'PayloadMismatchError',
      run: 'warm-up run 1/2 of connect-proto single rows=5 requests=1',
      message: expect.stringMatching(
        new RegExp(
          String.raw`^warm-up run 1\/2 of connect-proto single rows=5 requests=1: json-server at ` +
            String.raw`memory sent rows that do not verify: request 1: checksum `,
        ),
      ),
    });
    const target = { server: 'json-server' as const, address: 'http://127.0.0.1:3022' };
    let calls = 0;
    const refusing: RowsTransport = {
      kind: 'grpc',
      target,
      shape: 'row',
      rowForm: 'json',
      async fetchRows(count) {
        // Warm-up (1) and the first measured run (2) pass; the second measured run's request fails.
        if (++calls === 3)
          throw new TransportError(
            'bad-response',
            target,
            '[internal] Stream closed with error code NGHTTP2_REFUSED_STREAM',
          );
        return { rows: rows(count), payloadBytes: 1 };
      },
    };
    const failed = await runScenarios([
      {
        scenario: scenario('grpc', { variant: 'connect-grpc', mode: 'parallel', requests: 1, warmup: 1 }),
        transport: refusing,
      },
    ]).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(TransportError);
    expect(failed).toMatchObject({
      failure: 'bad-response',
      run: 'measured run 2/3 of connect-grpc parallel rows=5 requests=1',
      message:
        'measured run 2/3 of connect-grpc parallel rows=5 requests=1: json-server at http://127.0.0.1:3022 ' +
        'sent a bad response: [internal] Stream closed with error code NGHTTP2_REFUSED_STREAM',
    });
  });

  it('emits an event per run, warm-up and measured', async () => {
    const events: string[] = [];
    await runScenarios(
      [{ scenario: scenario('json', { runs: 2, warmup: 1 }), transport: new InMemoryTransport('json', []) }],
      {
        onRun: (e) => events.push(`${e.phase} ${e.run}/${e.of}`),
      },
    );
    expect(events).toEqual(['warmup 1/1', 'measure 1/2', 'measure 2/2']);
  });

  it('keeps a RunProgress on the run in progress and its rows so far, counted per reply', async () => {
    const progress = new RunProgress();
    const seen: unknown[] = [];
    const t: RowsTransport = {
      kind: 'json',
      target: { server: 'json-server', address: 'memory' },
      shape: 'row',
      rowForm: 'json',
      async fetchRows(count) {
        seen.push(progress.snapshot());
        return { rows: rows(count), payloadBytes: 1 };
      },
    };
    expect(progress.snapshot()).toBeNull();
    await runScenarios(
      [
        {
          scenario: scenario('json', {
            mode: 'parallel',
            rowsPerRequest: 5,
            requests: 2,
            concurrency: 1,
            runs: 2,
            warmup: 1,
          }),
          transport: t,
        },
      ],
      { progress },
    );
    const at = (phase: string, run: number, of: number, rowsSoFar: number) => ({
      variant: 'json',
      shape: 'row',
      mode: 'parallel',
      phase,
      run,
      of,
      rowsPerRun: 10,
      requestsPerRun: 2,
      streamed: false,
      rowsSoFar,
      repliesSoFar: rowsSoFar / 5,
    });
    // Each request sees the replies of its run that came before it, and each run starts from 0.
    expect(seen).toEqual([
      at('warmup', 1, 1, 0),
      at('warmup', 1, 1, 5),
      at('measure', 1, 2, 0),
      at('measure', 1, 2, 5),
      at('measure', 2, 2, 0),
      at('measure', 2, 2, 5),
    ]);
    expect(progress.snapshot()).toEqual(at('measure', 2, 2, 10));
  });

  describe('with an AbortSignal', () => {
    it('stops before the next run once the signal fires, and reports no numbers', async () => {
      const controller = new AbortController();
      const t = new InMemoryTransport('json', []);
      const events: string[] = [];
      const run = runScenarios([{ scenario: scenario('json', { runs: 5, warmup: 2 }), transport: t }], {
        signal: controller.signal,
        onRun: (e) => {
          events.push(`${e.phase} ${e.run}`);
          if (e.phase === 'measure' && e.run === 2) controller.abort();
        },
      });
      await expect(run).rejects.toThrow(RunCancelledError);
      await expect(run).rejects.toThrow('before measured run 3/5 of json single rows=5 requests=1');
      expect(t.calls).toHaveLength(4);
      expect(events).toEqual(['warmup 1', 'warmup 2', 'measure 1', 'measure 2']);
    });

    it('starts no request at all when the signal has already fired', async () => {
      const t = new InMemoryTransport('json', []);
      await expect(
        runScenarios([{ scenario: scenario('json'), transport: t }], { signal: AbortSignal.abort() }),
      ).rejects.toThrow(RunCancelledError);
      expect(t.calls).toHaveLength(0);
    });

    it('starts no new request of a parallel run after the signal fires, and aborts those in flight', async () => {
      const controller = new AbortController();
      let started = 0;
      let finished = 0;
      let aborted = 0;
      const t: RowsTransport = {
        kind: 'json',
        target: { server: 'json-server', address: 'memory' },
        shape: 'row',
        rowForm: 'json',
        async fetchRows(count, signal) {
          if (++started === 6) controller.abort();
          await new Promise<void>((resolve, reject) => {
            const onAbort = () => {
              clearTimeout(timer);
              aborted++;
              reject(new Error('aborted'));
            };
            const timer = setTimeout(() => {
              signal?.removeEventListener('abort', onAbort);
              resolve();
            }, 50);
            if (signal?.aborted) onAbort();
            else signal?.addEventListener('abort', onAbort);
          });
          finished++;
          return { rows: rows(count), payloadBytes: 1 };
        },
      };
      const plan = {
        scenario: scenario('json', {
          mode: 'parallel',
          rowsPerRequest: 1,
          requests: 100,
          concurrency: 3,
          runs: 1,
          warmup: 0,
        }),
        transport: t,
      };
      await expect(runScenarios([plan], { signal: controller.signal })).rejects.toThrow(RunCancelledError);
      await new Promise((r) => setTimeout(r, 80));
      expect(started).toBe(6);
      // The three in flight when the caller left (the sixth among them) were aborted, not read to the end.
      expect(aborted).toBe(3);
      expect(finished).toBe(3);
    });

    it("a request that fails aborts the others of its run still in flight, and its error is the run's", async () => {
      const signals: AbortSignal[] = [];
      const t: RowsTransport = {
        kind: 'json',
        target: { server: 'json-server', address: 'memory' },
        shape: 'row',
        rowForm: 'json',
        async fetchRows(count, signal) {
          signals.push(signal!);
          if (signals.length === 2) throw new Error('HTTP 503 busy');
          await new Promise((r) => setTimeout(r, 30));
          return { rows: rows(count), payloadBytes: 1 };
        },
      };
      const plan = {
        scenario: scenario('json', {
          mode: 'parallel',
          rowsPerRequest: 1,
          requests: 4,
          concurrency: 4,
          runs: 1,
          warmup: 0,
        }),
        transport: t,
      };
      await expect(runScenarios([plan], {})).rejects.toThrow('HTTP 503 busy');
      expect(signals).toHaveLength(4);
      expect(signals.every((s) => s.aborted)).toBe(true);
    });
  });
});

/** A probe that reports these foreign CPU figures, one per measured run in the order they are made. */
function noisyProbe(...foreign: number[]): RunProbe {
  let next = 0;
  const window = {
    clientCpuMs: 1,
    serverCpuMs: null,
    clientPeakRssBytes: null,
    serverPeakRssBytes: null,
    clientPeakIsLifetime: false,
    serverPeakIsLifetime: false,
    serverProcesses: 0,
    serverResourcesSource: null,
    stealCores: 0,
    notes: [],
  };
  return {
    begin: async () => ({
      end: async (): Promise<ResourceSample> => ({ ...window, foreignCpuCores: foreign[next++] ?? 0 }),
    }),
    watch: () => ({ check: () => undefined }),
  };
}

describe('runScenarios: disturbed runs measured again (--quiet)', () => {
  const quietAtOnce = async () => null;

  it(
    'measures a disturbed run again and keeps the quiet one, with the replaced run on record and ' + 'counted',
    async () => {
      const t = new InMemoryTransport('json', []);
      const [result] = await runScenarios([{ scenario: scenario('json', { warmup: 0 }), transport: t }], {
        probe: noisyProbe(0.05, 1.2, 0.1, 0.05),
        rerunDisturbed: { perScenario: 3, wait: quietAtOnce },
      });
      expect(t.calls).toHaveLength(4);
      expect(result.runs.map((r) => [r.run, r.foreignCpuCores, r.disturbed, r.replacedDisturbed])).toEqual([
        [1, 0.05, false, 0],
        [2, 0.1, false, 1],
        [3, 0.05, false, 0],
      ]);
      expect(result.stats.n).toBe(3);
      expect(result.replacedRuns?.map((r) => [r.run, r.foreignCpuCores, r.disturbed])).toEqual([[2, 1.2, true]]);
      expect(result.noise).toMatchObject({ disturbedRuns: 0, maxForeignCpuCores: 0.1, replacedDisturbedRuns: 1 });
      expect(result.resources.notes.join('; ')).toMatch(
        /1 disturbed run measured again after a wait for a quiet machine \(--quiet, at most 3 a scenario\)/,
      );
    },
  );

  it('keeps a disturbed run, marked, once its scenario has used its re-runs', async () => {
    const [result] = await runScenarios(
      [{ scenario: scenario('json', { warmup: 0, runs: 2 }), transport: new InMemoryTransport('json', []) }],
      {
        probe: noisyProbe(1, 1, 0.1),
        rerunDisturbed: { perScenario: 1, wait: quietAtOnce },
      },
    );
    expect(result.runs.map((r) => r.disturbed)).toEqual([true, false]);
    expect(result.noise).toMatchObject({ disturbedRuns: 1, replacedDisturbedRuns: 1 });
  });

  it('measures nothing again unless asked: a disturbed run is kept and marked', async () => {
    const t = new InMemoryTransport('json', []);
    const [result] = await runScenarios([{ scenario: scenario('json', { warmup: 0 }), transport: t }], {
      probe: noisyProbe(1.2, 0, 0),
    });
    expect(t.calls).toHaveLength(3);
    expect(result.runs.map((r) => r.disturbed)).toEqual([true, false, false]);
    expect(result.replacedRuns).toBeUndefined();
    expect(result.noise).toMatchObject({ disturbedRuns: 1, replacedDisturbedRuns: 0 });
  });
});
