import { requestPhases } from './request-phases';
import { clientPhases } from './fixtures/client-phases';
import { attributeWall, meanWallParts, WALL_PARTS, type WallParts } from './wall-parts';

const sum = (w: WallParts) => WALL_PARTS.reduce((total, part) => total + w.parts[part], 0);

const client = clientPhases;

describe('attributeWall', () => {
  it('cuts a unary request into parts that add up to the run, the bookkeeping after it unattributed', () => {
    const w = attributeWall({ wallMs: 10.5, queueMs: 0, phases: requestPhases(10, client()) });
    expect(w.parts).toMatchObject({
      queue: 0,
      generate: 2,
      serialize: 3,
      wait: 1,
      transfer: 2,
      decode: 1,
      other: 1,
      unattributed: 0.5,
    });
    expect(w.overlapMs).toBe(0);
    expect(sum(w)).toBeCloseTo(10.5, 9);
  });

  it("puts the wait before a batch's last request in its queue", () => {
    const w = attributeWall({ wallMs: 25, queueMs: 15, phases: requestPhases(10, client()) });
    expect(w.parts.queue).toBe(15);
    expect(sum(w)).toBeCloseTo(25, 9);
  });

  it("counts a stream's phases that ran during its transfer once, as overlap, never stacked past the wall time", () => {
    // A stream: serialize 3,076 ms and decode 1,045 ms of a 5,883 ms request, most of both while the body arrived.
    const stream = requestPhases(
      5883,
      client({ ttfbMs: 20, ttlbMs: 5870, decodeMs: 1045, server: { generateMs: 400, serializeMs: 3076 } }),
    );
    const w = attributeWall({ wallMs: 5883, queueMs: 0, phases: stream });
    expect(sum(w)).toBeCloseTo(5883, 6);
    for (const part of WALL_PARTS) expect(w.parts[part]).toBeGreaterThanOrEqual(0);
    expect(w.parts).toMatchObject({ generate: 20, serialize: 0, wait: 0, transfer: 5850, decode: 13, other: 0 });
    expect(w.overlapMs).toBeCloseTo(400 - 20 + 3076 + 1045 - 13, 6);
  });

  it('leaves what a path does not report unattributed rather than guessing', () => {
    const w = attributeWall({ wallMs: 7, queueMs: 0, phases: requestPhases(7, undefined) });
    expect(w.parts.unattributed).toBe(7);
    const noServer = attributeWall({ wallMs: 10, queueMs: 0, phases: requestPhases(10, client({ server: {} })) });
    expect(noServer.parts).toMatchObject({ generate: 0, serialize: 0, wait: 6, transfer: 2 });
    expect(sum(noServer)).toBeCloseTo(10, 9);
  });
});

describe('meanWallParts', () => {
  it('averages part by part, still adding up to the mean wall time', () => {
    const a = attributeWall({ wallMs: 10, queueMs: 0, phases: requestPhases(10, client()) });
    const b = attributeWall({ wallMs: 21, queueMs: 1, phases: requestPhases(20, client({ ttfbMs: 16, ttlbMs: 18 })) });
    const m = meanWallParts([a, b])!;
    expect(m.wallMs).toBe(15.5);
    expect(sum(m)).toBeCloseTo(15.5, 9);
    expect(meanWallParts([])).toBeNull();
  });
});
