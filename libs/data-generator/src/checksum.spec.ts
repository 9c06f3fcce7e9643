import { checksum, ChecksumAccumulator } from './checksum';
import { iterateRows, rows } from './rows';

describe('checksum', () => {
  it('counts rows and is stable for the same rows', () => {
    const a = checksum(rows(10));
    expect(a.count).toBe(10);
    expect(a.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(checksum(rows(10))).toEqual(a);
  });

  it('is the same for an array and for the lazy iterator, across chunk boundaries', () => {
    expect(checksum(iterateRows(10_000, 5))).toEqual(checksum(rows(10_000, 5)));
  });

  it('changes when any field of any row changes', () => {
    const base = checksum(rows(5000)).checksum;
    const changedString = rows(5000);
    changedString[4999].columnJ = 'columnJ5000';
    const changedNumber = rows(5000);
    changedNumber[0].rowNum = 1;
    expect(checksum(changedString).checksum).not.toBe(base);
    expect(checksum(changedNumber).checksum).not.toBe(base);
  });

  it('changes when rows are reordered, dropped or have shifted boundaries', () => {
    const base = rows(3);
    const swapped = [base[1], base[0], base[2]];
    expect(checksum(swapped).checksum).not.toBe(checksum(base).checksum);
    expect(checksum(base.slice(0, 2)).checksum).not.toBe(checksum(base).checksum);
    const shifted = rows(1);
    shifted[0].columnA = 'columnA0c';
    shifted[0].columnB = 'olumnB0';
    expect(checksum(shifted).checksum).not.toBe(checksum(rows(1)).checksum);
  });

  it('differs between different ranges of the same size', () => {
    expect(checksum(rows(3, 0)).checksum).not.toBe(checksum(rows(3, 1)).checksum);
  });

  it('gives the same value fed in chunks of any size as over all the rows at once', () => {
    const all = rows(10_000);
    const whole = checksum(all);
    for (const size of [1, 7, 1000, 4096, 4097, 10_000]) {
      const acc = new ChecksumAccumulator();
      for (let i = 0; i < all.length; i += size) acc.add(all.slice(i, i + size));
      expect(acc.rows).toBe(10_000);
      expect(acc.digest()).toEqual(whole);
    }
    expect(new ChecksumAccumulator().digest()).toEqual(checksum([]));
  });
});
