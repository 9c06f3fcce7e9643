import { numericRow } from './numeric.shape';

// The shortest decimal that reads back as the same float32: what Go's, Java's and Python's JSON printers write.
function shortestFloat32(value: number): string {
  const f = Math.fround(value);
  for (let digits = 1; digits <= 9; digits++) {
    const text = String(Number(f.toPrecision(digits)));
    if (Math.fround(Number(text)) === f) return text;
  }
  return String(f);
}

describe('numeric rows', () => {
  it('hold float fields that every proto3 JSON printer writes alike: exact in float32, no shorter decimal', () => {
    for (let i = 0; i < 20_000; i++) {
      const row = numericRow(i);
      for (const value of [row.voltage, row.current_a, row.humidity]) {
        expect(Math.fround(value)).toBe(value);
        expect(shortestFloat32(value)).toBe(String(value));
      }
    }
  });
});
