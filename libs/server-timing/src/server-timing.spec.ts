import { formatServerTiming, parseServerTiming } from './index';

describe('server-timing', () => {
  it('round-trips every phase at µs resolution, in order', () => {
    const text = formatServerTiming({ sendMs: 4, generateMs: 1.23456, serializeMs: 0, compressMs: 2.5 });
    expect(text).toBe('generate;dur=1.235, serialize;dur=0, compress;dur=2.5, send;dur=4');
    expect(parseServerTiming(text)).toEqual({
      phases: { generateMs: 1.235, serializeMs: 0, compressMs: 2.5, sendMs: 4 },
    });
  });

  it('leaves out phases that are absent or not finite', () => {
    expect(formatServerTiming({ generateMs: 1, serializeMs: NaN, sendMs: -1 })).toBe('generate;dur=1');
    expect(formatServerTiming({})).toBe('');
  });

  it("reads repeated headers, quoted durations, descriptions and other servers' metrics", () => {
    expect(parseServerTiming(['cdn-cache;desc=HIT', 'generate;desc="rows";dur="2.5"', 'serialize;dur=3'])).toEqual({
      phases: { generateMs: 2.5, serializeMs: 3 },
    });
  });

  it('never throws: absent, empty, garbled or foreign values give a note and what could be read', () => {
    expect(parseServerTiming(undefined)).toEqual({ phases: {}, note: 'server sent no server-timing' });
    expect(parseServerTiming([])).toEqual({ phases: {}, note: 'server sent no server-timing' });
    expect(parseServerTiming('')).toEqual({
      phases: {},
      note: 'server-timing holds none of generate, serialize, compress, send',
    });
    expect(parseServerTiming('db;dur=5').note).toMatch(/holds none of/);
    const garbled = parseServerTiming('generate;dur=abc, serialize;dur=2, @@');
    expect(garbled.phases).toEqual({ serializeMs: 2 });
    expect(garbled.note).toBe('unreadable server-timing entries: "generate;dur=abc", "@@"');
    expect(parseServerTiming('generate;dur=-1').note).toMatch(/unreadable/);
  });
});
