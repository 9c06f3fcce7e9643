import { timestampToJson } from './timestamp-json';

describe('timestampToJson', () => {
  it.each([
    [{ seconds: '0', nanos: 0 }, '1970-01-01T00:00:00Z'],
    [{ seconds: '1767225600', nanos: 0 }, '2026-01-01T00:00:00Z'],
    [{ seconds: 1767225601, nanos: 5_000_000 }, '2026-01-01T00:00:01.005Z'],
    [{ seconds: '1767225602', nanos: 5000 }, '2026-01-01T00:00:02.000005Z'],
    [{ seconds: '1767225603', nanos: 5 }, '2026-01-01T00:00:03.000000005Z'],
    [{ seconds: '1767225604', nanos: 123_456_789 }, '2026-01-01T00:00:04.123456789Z'],
    [{ seconds: '1767225605' }, '2026-01-01T00:00:05Z'],
  ])('writes %j as RFC 3339 with 0, 3, 6 or 9 fractional digits: %s', (timestamp, expected) => {
    expect(timestampToJson(timestamp)).toBe(expected);
  });
});
