import { checksum, iterateRows } from '@app/data-generator';
import { getShape, shapeChecksum, shapeNames, toJsonRow } from '@app/shapes';
import { expectedDigest, expectedDigestYielding } from './expected-digest';

// Each case hashes up to a few hundred thousand rows several times: about a second alone, but CI's runtime suites run
// this file beside the image build on 2 cores, where the first case once took over Jest's default 5 s (2026-11-29).
jest.setTimeout(60_000);

describe('expectedDigest', () => {
  it(
    'hashed in slices gives the digest of all the rows in one piece, for sizes on and off the slice ' + 'boundary',
    async () => {
      for (const count of [0, 1, 49_999, 50_000, 120_001]) {
        expect(await expectedDigestYielding(count)).toEqual(checksum(iterateRows(count, 0)));
        expect(expectedDigest(count)).toEqual(checksum(iterateRows(count, 0)));
      }
    },
  );

  it(
    'lets the event loop run while it hashes a size it has not seen (the client answered nothing for ~8 s at ' +
      '5,000,000 rows)',
    async () => {
      let turns = 0;
      const ticker = setInterval(() => turns++, 0);
      const [a, b] = await Promise.all([expectedDigestYielding(400_003), expectedDigestYielding(400_003)]);
      clearInterval(ticker);
      expect(a).toBe(b);
      expect(turns).toBeGreaterThan(2);
    },
  );
});

describe('expectedDigest per shape', () => {
  it.each(shapeNames())(
    "is the shape's checksum of rows 0..n-1 in their JSON form, sliced or not (%s)",
    async (name) => {
      const shape = getShape(name);
      // Beyond one slice for every shape (a binary row's slice is under 1,000 rows).
      const count = 2_345;
      const direct = shapeChecksum(
        shape,
        shape.rows(count).map((r) => toJsonRow(shape, r)),
      );
      expect(await expectedDigestYielding(count, name)).toEqual(direct);
      expect(expectedDigest(count, name)).toEqual(direct);
    },
  );

  it('keeps one digest per shape and count, not one per count', async () => {
    const digests = await Promise.all(shapeNames().map((name) => expectedDigestYielding(77, name)));
    expect(new Set(digests.map((d) => d.checksum)).size).toBe(shapeNames().length);
    expect(await expectedDigestYielding(77)).toEqual(digests[shapeNames().indexOf('row')]);
  });
});
