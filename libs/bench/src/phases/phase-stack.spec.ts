import type { ClientPhases } from '../transport-contract/rows-transport.interface';
import { phaseStack, STACK_PHASES } from './phase-stack';
import { requestPhases } from './request-phases';
import { attributeWall, type WallParts } from './wall-parts';

const sum = (values: (number | null)[]) => values.reduce((a: number, b) => a + (b ?? 0), 0);
const layer = (stack: ReturnType<typeof phaseStack>, name: string) => stack.layers.find((l) => l.name === name)!;
const column = (stack: ReturnType<typeof phaseStack>, bar: number) => stack.layers.map((l) => l.values[bar]);

const client = (over: Partial<ClientPhases> = {}): ClientPhases => ({
  ttfbMs: 6,
  ttlbMs: 7,
  decompressMs: null,
  decodeMs: 2,
  server: { generateMs: 1, serializeMs: 4 },
  notes: [],
  ...over,
});
const parts = (wallMs: number, over: Partial<ClientPhases> = {}, queueMs = 0): WallParts =>
  attributeWall({ wallMs, queueMs, phases: requestPhases(wallMs - queueMs, client(over)) });

describe('phaseStack', () => {
  it('stacks the parts a request lives, in order, each bar exactly as tall as its time', () => {
    const stack = phaseStack([
      { label: 'json', parts: parts(12, { ttfbMs: 8, ttlbMs: 9 }) },
      { label: 'grpc', parts: parts(10) },
    ]);
    expect(stack.bars).toEqual(['json', 'grpc']);
    expect(stack.layers.map((l) => l.name)).toEqual(['generate', 'serialize', 'wait', 'transfer', 'decode', 'other']);
    expect(column(stack, 1)).toEqual([1, 4, 1, 1, 2, 1]);
    expect(stack.totalMs).toEqual([12, 10]);
    for (const bar of [0, 1]) expect(sum(column(stack, bar))).toBeCloseTo(stack.totalMs[bar]!, 9);
    expect(layer(stack, 'serialize').color).toBe(STACK_PHASES.find((p) => p.name === 'serialize')!.color);
    expect(stack.notes).toEqual([]);
  });

  it("draws the optional layers only when some bar has them: compression, a batch's queue", () => {
    const gzip = parts(10, { server: { generateMs: 1, serializeMs: 4, compressMs: 0.5 }, decompressMs: 0.25 });
    const stack = phaseStack([
      { label: 'json', parts: parts(10) },
      { label: 'json+gzip', parts: gzip },
      { label: 'batch', parts: parts(15, {}, 5) },
    ]);
    expect(stack.layers.map((l) => l.name)).toEqual([
      'queue',
      'generate',
      'serialize',
      'compress',
      'wait',
      'transfer',
      'decompress',
      'decode',
      'other',
    ]);
    expect(layer(stack, 'compress').values).toEqual([0, 0.5, 0]);
    expect(layer(stack, 'queue').values).toEqual([0, 0, 5]);
    for (const bar of [0, 1, 2]) expect(sum(column(stack, bar))).toBeCloseTo(stack.totalMs[bar]!, 9);
  });

  it("never stacks a stream's overlapping phases on top of each other: the overlap is a note, the bar its time", () => {
    const stream = parts(5883, {
      ttfbMs: 20,
      ttlbMs: 5870,
      decodeMs: 1045,
      server: { generateMs: 400, serializeMs: 3076 },
    });
    const stack = phaseStack([{ label: 'grpc-stream', parts: stream }]);
    expect(sum(column(stack, 0))).toBeCloseTo(5883, 6);
    expect(stack.overlapMs[0]).toBeGreaterThan(4000);
    expect(stack.notes[0]).toMatch(
      /^grpc-stream: 4,4\d\d(\.\d+)? ms of server and client work ran during the transfer/,
    );
  });

  it('leaves a bar without parts empty and says so', () => {
    const stack = phaseStack([
      { label: 'grpc-stream', parts: null },
      { label: 'grpc', parts: parts(10) },
    ]);
    expect(column(stack, 0).every((v) => v === null)).toBe(true);
    expect(stack.totalMs[0]).toBeNull();
    expect(stack.notes[0]).toMatch(/^grpc-stream: no breakdown/);
    for (const l of stack.layers) for (const v of l.values) if (v !== null) expect(v).toBeGreaterThanOrEqual(0);
  });
});
