import { rows } from '@app/data-generator';
import type { FetchedRows, RowsTransport } from '../transport-contract/rows-transport.interface';
import { runScenarios } from '../run/run-scenarios';
import { combinePhases } from './combine-phases';
import { PHASE_FIELDS, PhaseBreakdown } from './phases.interface';
import { requestPhases } from './request-phases';
import { clientPhases } from './fixtures/client-phases';

const client = clientPhases;

// The stack that must add up to the request's time, nothing hidden.
const stack = (p: PhaseBreakdown) =>
  [
    p.serverGenerateMs,
    p.serverSerializeMs,
    p.serverCompressMs ?? 0,
    p.waitOtherMs,
    p.transferMs,
    p.clientDecompressMs ?? 0,
    p.clientDecodeMs,
    p.clientOtherMs,
  ].reduce((a: number, b) => a + (b as number), 0);

describe('requestPhases', () => {
  it('derives transfer and both remainders so the stack adds up to the request time', () => {
    const p = requestPhases(10, client());
    expect(p).toMatchObject({
      requestMs: 10,
      transferMs: 2,
      waitOtherMs: 1,
      clientOtherMs: 1,
      serverCompressMs: null,
      serverSendMs: null,
    });
    expect(stack(p)).toBeCloseTo(10, 9);
    const gz = requestPhases(
      20,
      client({
        ttfbMs: 9,
        ttlbMs: 12,
        decompressMs: 2,
        server: { generateMs: 2, serializeMs: 3, compressMs: 3, sendMs: 1.5 },
      }),
    );
    expect(gz).toMatchObject({ waitOtherMs: 1, clientOtherMs: 5, serverSendMs: 1.5 });
    expect(stack(gz)).toBeCloseTo(20, 9);
  });

  it('leaves derived phases empty when an input is missing, and keeps the notes', () => {
    const noServer = requestPhases(10, client({ server: {}, notes: ['server sent no server-timing'] }));
    expect(noServer).toMatchObject({
      serverGenerateMs: null,
      waitOtherMs: null,
      transferMs: 2,
      clientOtherMs: 1,
      notes: ['server sent no server-timing'],
    });
    expect(requestPhases(10, client({ ttfbMs: null, ttlbMs: null }))).toMatchObject({
      transferMs: null,
      waitOtherMs: null,
      clientOtherMs: null,
    });
    const none = requestPhases(4, undefined);
    expect(none.requestMs).toBe(4);
    expect(none.notes).toEqual(['the transport does not report phases']);
    for (const f of PHASE_FIELDS.filter((f) => f !== 'requestMs')) expect(none[f]).toBeNull();
  });
});

describe('combinePhases', () => {
  const a = requestPhases(10, client());
  const b = requestPhases(20, client({ ttfbMs: 16, ttlbMs: 18 }));
  it('takes means, rounded to µs, which add up as the requests did', () => {
    const mean = combinePhases([a, b])!;
    expect(mean).toMatchObject({ requestMs: 15, ttfbMs: 11, waitOtherMs: 6, clientOtherMs: 1 });
    expect(stack(mean)).toBeCloseTo(15, 9);
    expect(combinePhases([requestPhases(1 / 3, client({ ttfbMs: null }))])!.requestMs).toBe(0.333);
  });

  it('empties a field that any input lacks and keeps each note once', () => {
    const n = requestPhases(10, client({ server: {}, notes: ['x'] }));
    const both = combinePhases([a, n, { ...n }])!;
    expect(both.serverGenerateMs).toBeNull();
    expect(both.requestMs).toBe(10);
    expect(both.notes).toEqual(['x']);
    expect(combinePhases([])).toBeNull();
  });
});

describe('phases through the engine', () => {
  class PhasedTransport implements RowsTransport {
    readonly kind = 'json' as const;
    readonly target = { server: 'json-server' as const, address: 'memory' };
    readonly shape = 'row' as const;
    readonly rowForm = 'json' as const;
    async fetchRows(count: number): Promise<FetchedRows> {
      // Long enough that a request issued when another finished is issued measurably late.
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { rows: rows(count), payloadBytes: 1, phases: client({ ttfbMs: 6, ttlbMs: 8 }) };
    }
  }

  it("records per-run means, the median run's phases and each run's critical path within the run's time", async () => {
    const scenario = {
      name: 't',
      transport: 'json' as const,
      variant: 'json' as const,
      shape: 'row' as const,
      mode: 'parallel' as const,
      rowsPerRequest: 3,
      chunkRows: null,
      requests: 4,
      concurrency: 2,
      runs: 3,
      warmup: 0,
    };
    const [result] = await runScenarios([{ scenario, transport: new PhasedTransport() }]);
    for (const run of result.runs) {
      expect(run.phases).toMatchObject({ serverGenerateMs: 2, ttfbMs: 6, transferMs: 2 });
      expect(run.phases!.requestMs).toBeLessThanOrEqual(run.ms);
    }
    expect(result.phases).toMatchObject({ serverSerializeMs: 3, clientDecodeMs: 1, waitOtherMs: 1 });
    for (const run of result.runs) {
      // Four requests two at a time: the last to finish was issued when an earlier one finished.
      expect(run.path!.queueMs).toBeGreaterThanOrEqual(9);
      expect(run.path!.queueMs + run.path!.phases.requestMs).toBeLessThanOrEqual(run.ms + 0.001);
      expect(run.path!.wallMs).toBe(run.ms);
    }
  });
});
