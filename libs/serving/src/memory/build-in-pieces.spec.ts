import { buildInPieces } from './build-in-pieces';

describe('buildInPieces', () => {
  it('builds every row once, in order, in pieces of the size asked', async () => {
    const seen: Array<[number, number]> = [];
    const times = await buildInPieces(
      10,
      () => false,
      { generate: (first, rows) => [first, rows] as [number, number], serialize: (piece) => void seen.push(piece) },
      4,
    );
    expect(seen).toEqual([
      [0, 4],
      [4, 4],
      [8, 2],
    ]);
    expect(times).not.toBeNull();
    expect(times!.generateMs).toBeGreaterThanOrEqual(0);
    expect(times!.serializeMs).toBeGreaterThanOrEqual(0);
  });

  it('stops at the first piece after the caller left, and says so with null', async () => {
    let pieces = 0;
    let gone = false;
    const built = buildInPieces(1_000_000, () => gone, { generate: () => pieces++, serialize: () => undefined }, 10);
    // The caller leaves while the build runs: the turn between pieces is where it is seen.
    setImmediate(() => (gone = true));
    expect(await built).toBeNull();
    expect(pieces).toBeLessThan(5);
  });

  it('gives the event loop a turn before every piece, so I/O is read while a large reply is built', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('io'));
    await buildInPieces(
      6,
      () => false,
      { generate: (first) => first, serialize: (first) => void order.push(`piece ${first}`) },
      2,
    );
    expect(order.indexOf('io')).toBeLessThan(order.indexOf('piece 2'));
  });

  it('a reply of no rows builds nothing and takes no time', async () => {
    expect(await buildInPieces(0, () => true, { generate: () => 0, serialize: () => undefined })).toEqual({
      generateMs: 0,
      serializeMs: 0,
    });
  });
});
