import { readableNumber, readableNumbers } from './readable-numbers';

describe('readableNumber', () => {
  it.each([
    [3.0902901616677823, 3.09], // the issue's /client/compare ratio
    [0.98765, 0.988],
    [12.3456, 12.3],
    [1.005, 1],
    [99.96, 100],
    [1234.567, 1235],
    [0.000123456, 0.000123],
    [-2.34567, -2.35],
  ])('%p -> %p', (raw, readable) => {
    expect(readableNumber(raw)).toBe(readable);
  });

  it('leaves whole numbers and non-finite values as they are', () => {
    for (const n of [0, 7, 123_456_789, -3, Infinity, NaN]) expect(readableNumber(n)).toBe(n);
  });
});

describe('readableNumbers', () => {
  it('rounds every number of a reply, however deep, and leaves the rest and the original alone', () => {
    const reply = {
      ratio: { medianGrpcOverJson: 3.0902901616677823 },
      json: { runs: [{ ms: 12.3456, at: '2026-11-24T18:00:00Z', verified: true }], note: null },
    };
    expect(readableNumbers(reply)).toEqual({
      ratio: { medianGrpcOverJson: 3.09 },
      json: { runs: [{ ms: 12.3, at: '2026-11-24T18:00:00Z', verified: true }], note: null },
    });
    expect(reply.ratio.medianGrpcOverJson).toBe(3.0902901616677823);
  });
});
