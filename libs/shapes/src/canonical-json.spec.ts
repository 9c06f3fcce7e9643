import { CanonicalChecksumAccumulator, canonicalJson } from './canonical-json';
import type { JsonRow } from './shape.interface';

describe('canonicalJson', () => {
  it('is the same text whatever order the keys came in, at every depth', () => {
    const a: JsonRow = { b: 1, a: { y: [1, { q: 'x', p: null }], x: true } };
    const b: JsonRow = { a: { x: true, y: [1, { p: null, q: 'x' }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"x":true,"y":[1,{"p":null,"q":"x"}]},"b":1}');
  });

  it('keeps array order, and escapes strings as JSON does', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson({ s: 'a"b\\c\nd é 🚀' })).toBe(JSON.stringify({ s: 'a"b\\c\nd é 🚀' }));
  });
});

describe('CanonicalChecksumAccumulator', () => {
  const rows: JsonRow[] = Array.from({ length: 10_000 }, (_, i) => ({ rowNum: i, s: `v${i}` }));
  const whole = new CanonicalChecksumAccumulator().add(rows).digest();

  it('gives the same digest fed in chunks of any size', () => {
    for (const size of [1, 7, 4096, 4097]) {
      const acc = new CanonicalChecksumAccumulator();
      for (let i = 0; i < rows.length; i += size) acc.add(rows.slice(i, i + size));
      expect(acc.rows).toBe(10_000);
      expect(acc.digest()).toEqual(whole);
    }
  });

  it('changes when a value changes, a row is dropped or rows are reordered', () => {
    const changed = rows.map((r, i) => (i === 9999 ? { ...r, s: 'other' } : r));
    expect(new CanonicalChecksumAccumulator().add(changed).digest().checksum).not.toBe(whole.checksum);
    expect(new CanonicalChecksumAccumulator().add(rows.slice(1)).digest().checksum).not.toBe(whole.checksum);
    expect(new CanonicalChecksumAccumulator().add([rows[1], rows[0]]).digest()).not.toEqual(
      new CanonicalChecksumAccumulator().add([rows[0], rows[1]]).digest(),
    );
  });
});
