import { PassThrough } from 'node:stream';
import { addCounts, describeCounts, ProgressTracker } from './progress-tracker';

describe('progress by kind of work', () => {
  it('names each kind apart, so warm-ups and the wire pass are never counted as measured runs', () => {
    expect(
      describeCounts({ 'measured runs': 8 }, { 'measured runs': 10, 'warm-up runs': 2, 'wire-pass runs': 0 }),
    ).toBe('8/10 measured runs, 0/2 warm-up runs');
    expect(addCounts({ a: 1 }, { a: 2, b: 3 })).toEqual({ a: 3, b: 3 });
  });

  it('writes one plain line per scenario off a terminal, counting what each scenario did', () => {
    const stream = new PassThrough() as unknown as NodeJS.WriteStream;
    let text = '';
    (stream as unknown as PassThrough).on('data', (chunk: Buffer) => (text += chunk.toString()));
    const tracker = new ProgressTracker({ 'measured runs': 10, 'warm-up runs': 2, 'wire-pass runs': 4 }, stream);
    tracker.starting('rows-100');
    tracker.finished('rows-100', { 'measured runs': 10, 'warm-up runs': 2, 'wire-pass runs': 4 }, 'json median 1 ms');
    expect(text).toBe(
      '[0/10 measured runs, 0/2 warm-up runs, 0/4 wire-pass runs] rows-100 ...\n[10/10 measured runs, 2/2 ' +
        'warm-up runs, 4/4 wire-pass runs] rows-100: json median 1 ms\n',
    );
  });
});
