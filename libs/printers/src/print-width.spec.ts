// The terminal tables at a given width (issue 23: 200+ characters that wrapped): every line fits; the files keep
// every column whatever the width.
import { SAMPLE_RUN } from '@app/explain';
import { sampleLevel, timedOutLevel } from '@app/load';
import type { LoadRun } from '@app/load';
import { print } from './print';
import { printLoadMarkdown } from './load-markdown.printer';
import { loadTableColumns } from './load-columns';
import { printMarkdown } from './markdown.printer';
import { TABLE_COLUMNS } from './table-columns';

const widest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

const LOAD_RUN: LoadRun = {
  ...SAMPLE_RUN,
  kind: 'load',
  targets: {},
  levels: [
    sampleLevel({
      concurrency: 100,
      notes: ['load generator used 85% of a core: it may be the limit here, not the server (try --generators 2)'],
    }),
    timedOutLevel({ transport: 'grpc', concurrency: 500 }),
  ],
  stopped:
    'stopped at c=500: the load generator (this machine) was the limit, not the server: 53 of 40,053 requests ' +
    'failed: 53 timed out (no answer within 10,000 ms), with the generator at 93% of a core (json c=500)',
};

describe('terminal tables at a given width', () => {
  it.each([
    ['bench', SAMPLE_RUN],
    ['load', LOAD_RUN],
  ] as const)('%s: whole without a width (pipes), every line within 100 and within 80 with one', (_kind, run) => {
    expect(widest(print('table', run))).toBeGreaterThan(100);
    for (const width of [100, 80]) expect(widest(print('table', run, { width }))).toBeLessThanOrEqual(width);
  });

  it('leaves the files whole: summary.md and its tables keep every column', () => {
    const bench = printMarkdown(SAMPLE_RUN);
    expect(
      bench
        .split('\n')
        .find((line) => line.startsWith('| scenario | variant |'))!
        .split(' | '),
    ).toHaveLength(TABLE_COLUMNS.length);
    const load = printLoadMarkdown(LOAD_RUN);
    expect(
      load
        .split('\n')
        .find((line) => line.startsWith('| transport |'))!
        .split(' | '),
    ).toHaveLength(loadTableColumns(LOAD_RUN.levels).length);
  });

  it('the other formats ignore the width', () => {
    for (const format of ['csv', 'json', 'md'])
      expect(print(format, SAMPLE_RUN, { width: 40 })).toBe(print(format, SAMPLE_RUN));
  });
});
