import { checksum, iterateRows } from '@app/data-generator';
import { expectedDigest, expectedDigestYielding } from './expected-digest';

describe('expectedDigest', () => {
  it('hashed in slices gives the digest of all the rows in one piece, for sizes on and off the slice boundary', async () => {
    for (const count of [0, 1, 49_999, 50_000, 120_001]) {
      expect(await expectedDigestYielding(count)).toEqual(checksum(iterateRows(count, 0)));
      expect(expectedDigest(count)).toEqual(checksum(iterateRows(count, 0)));
    }
  });

  it('lets the event loop run while it hashes a size it has not seen (the client answered nothing for ~8 s at 5,000,000 rows)', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const [a, b] = await Promise.all([expectedDigestYielding(400_003), expectedDigestYielding(400_003)]);
    clearInterval(ticker);
    expect(a).toBe(b);
    expect(turns).toBeGreaterThan(2);
  });
});
