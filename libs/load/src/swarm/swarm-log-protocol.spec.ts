import { CHUNK_CHARS, failedLine, resultLines, TaskReportReader, windowLine } from './swarm-log-protocol';

/** The line with one character of its chunk changed (a byte mangled on the way). */
const flip = (line: string) => line.slice(0, -5) + (line.at(-5) === 'e' ? 'f' : 'e') + line.slice(-4);

describe("the generator tasks' log-line protocol", () => {
  const payload = { requests: 7, histogram: 'x'.repeat(30_000), nested: { ok: true } };

  it(
    "splits a long result into chunks under docker's 16 KiB line limit and reads it back whole, in any order, " +
      'among other lines',
    () => {
      const lines = resultLines(3, payload);
      expect(lines.length).toBeGreaterThan(1);
      for (const l of lines) expect(l.length).toBeLessThan(16 * 1024);
      const reader = new TaskReportReader();
      const shuffled = [
        lines[2],
        'some other output',
        ...lines.slice(3),
        `prefix.0.abc@vm | ${lines[0]}`,
        lines[1],
      ].filter(Boolean);
      const reports = shuffled.map((l) => reader.read(l)).filter(Boolean);
      expect(reports).toEqual([{ share: 3, kind: 'result', payload }]);
      expect(reader.incomplete(3)).toBeNull();
    },
  );

  it('reads window edges and failures, each with its share', () => {
    const reader = new TaskReportReader();
    expect(reader.read(windowLine(1, 'start'))).toEqual({ share: 1, kind: 'window', edge: 'start' });
    expect(reader.read(windowLine(0, 'end'))).toEqual({ share: 0, kind: 'window', edge: 'end' });
    expect(reader.read(failedLine(2, 'connect ECONNREFUSED\n  at x'))).toEqual({
      share: 2,
      kind: 'failed',
      reason: 'connect ECONNREFUSED at x',
    });
  });

  it('names the missing chunks of a result that never became whole', () => {
    const lines = resultLines(0, payload, 1000);
    const reader = new TaskReportReader();
    for (const l of lines.filter((_, i) => i !== 1 && i !== 4)) expect(reader.read(l)).toBeNull();
    expect(reader.incomplete(0)).toBe(`its result is missing chunks 2, 5 of ${lines.length} in the logs`);
  });

  it('refuses a corrupt chunk by its checksum, and one that disagrees with the others', () => {
    const lines = resultLines(0, payload, CHUNK_CHARS);
    const corrupt = new TaskReportReader();
    for (const l of [flip(lines[0]), ...lines.slice(1)]) expect(corrupt.read(l)).toBeNull();
    expect(corrupt.incomplete(0)).toMatch(
      /^its result was corrupt in the logs: \d+ of \d+ characters, checksum [0-9a-f]{16} instead of [0-9a-f]{16}$/,
    );
    const other = resultLines(0, { different: true });
    const mixed = new TaskReportReader();
    mixed.read(lines[0]);
    mixed.read(other[0]);
    expect(mixed.incomplete(0)).toBe('its result was corrupt in the logs: chunk 1/1 disagrees with the others');
  });
});
