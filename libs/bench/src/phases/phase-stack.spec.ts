import { JSON_PHASES } from '../printers/fixtures/sample-run';
import type { PhaseBreakdown } from './phases.interface';
import { phaseStack, STACK_PHASES } from './phase-stack';

const sum = (values: (number | null)[]) => values.reduce((a: number, b) => a + (b ?? 0), 0);
const layer = (stack: ReturnType<typeof phaseStack>, name: string) => stack.layers.find((l) => l.name === name)!;
const column = (stack: ReturnType<typeof phaseStack>, bar: number) => stack.layers.map((l) => l.values[bar]);

// gRPC's request of 10 ms: serialize 4, decode 2, and so on, adding up exactly.
const GRPC: PhaseBreakdown = {
  requestMs: 10, serverGenerateMs: 1, serverSerializeMs: 4, serverCompressMs: null, serverSendMs: 0.5, ttfbMs: 6, ttlbMs: 7, transferMs: 1,
  clientDecompressMs: null, clientDecodeMs: 2, waitOtherMs: 1, clientOtherMs: 1, notes: [],
};

describe('phaseStack', () => {
  it('stacks the phases a request lives, in order, each bar adding up to its request time', () => {
    const stack = phaseStack([{ label: 'json', phases: JSON_PHASES }, { label: 'grpc', phases: GRPC }]);
    expect(stack.bars).toEqual(['json', 'grpc']);
    expect(stack.layers.map((l) => l.name)).toEqual(['generate', 'serialize', 'wait', 'transfer', 'decode', 'other']);
    expect(column(stack, 1)).toEqual([1, 4, 1, 1, 2, 1]);
    expect(stack.requestMs).toEqual([JSON_PHASES.requestMs, 10]);
    for (const bar of [0, 1]) expect(sum(column(stack, bar))).toBeCloseTo(stack.requestMs[bar]!, 3);
    expect(layer(stack, 'serialize').color).toBe(STACK_PHASES.find((p) => p.name === 'serialize')!.color);
    expect(stack.notes).toEqual([]);
  });

  it('draws compression layers only when some bar compresses', () => {
    const gzip = { ...GRPC, serverCompressMs: 0.5, clientDecompressMs: 0.25, waitOtherMs: 0.5, clientOtherMs: 0.75 };
    const stack = phaseStack([{ label: 'json', phases: GRPC }, { label: 'json+gzip', phases: gzip }]);
    expect(stack.layers.map((l) => l.name)).toEqual(['generate', 'serialize', 'compress', 'wait', 'transfer', 'decompress', 'decode', 'other']);
    expect(layer(stack, 'compress').values).toEqual([0, 0.5]);
    expect(sum(column(stack, 1))).toBeCloseTo(10, 9);
  });

  it('never stacks a negative slab: a negative remainder or phase is drawn as 0', () => {
    // Medians of runs need not add up: here the layers come to 10.4 ms of a 10 ms request, and wait came out below 0.
    const over = { ...GRPC, serverSerializeMs: 5.4 };
    const skewed = { ...GRPC, waitOtherMs: -0.2, clientOtherMs: 1.2 };
    const stack = phaseStack([{ label: 'over', phases: over }, { label: 'skewed', phases: skewed }]);
    expect(layer(stack, 'other').values).toEqual([0, 2]);
    expect(layer(stack, 'wait').values[1]).toBe(0);
    for (const l of stack.layers) for (const v of l.values) expect(v).toBeGreaterThanOrEqual(0);
  });

  it('leaves a bar without a breakdown empty and says so; an unreported phase goes to other, named', () => {
    const noServer = { ...GRPC, serverGenerateMs: null, serverSerializeMs: null, waitOtherMs: null };
    const stack = phaseStack([{ label: 'grpc-stream', phases: null }, { label: 'grpc', phases: noServer }]);
    expect(column(stack, 0)).toEqual([null, null, null, null, null, null]);
    expect(stack.requestMs[0]).toBeNull();
    expect(column(stack, 1)).toEqual([0, 0, 0, 1, 2, 7]);
    expect(stack.notes).toEqual(['grpc-stream: no breakdown (its transport reports no phases).', 'grpc: generate, serialize, wait not reported; that time is in other.']);
  });
});
