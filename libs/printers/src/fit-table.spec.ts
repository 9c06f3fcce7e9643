import { fitTable } from './fit-table';
import type { PlainTable } from './why-tables';

const widest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

const TABLE: PlainTable = {
  head: [
    'scenario',
    'variant',
    'median ms',
    'p99 ms',
    'rows/s',
    'payload B/req',
    'wire B/req',
    'client CPU ms/req',
    'server CPU ms/req',
    'verified',
  ],
  align: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
  rows: [
    ['1-1', 'json', '1.23', '2.50', '812', '61', '320', '0.412', '0.305', 'yes'],
    ['1-1', 'grpc-sliced', '1.41', '3.10', '709', '17', '212', '0.388', '0.290', 'yes'],
  ],
  key: [0, 1],
};

describe('fitTable', () => {
  const whole = fitTable(TABLE);

  it('is the whole table without a width, or when it fits', () => {
    expect(widest(whole)).toBeGreaterThan(100);
    expect(fitTable(TABLE, widest(whole))).toBe(whole);
  });

  it.each([100, 80, 60])(
    'at width %p: every line fits, every figure is still there, each part names its rows',
    (width) => {
      const text = fitTable(TABLE, width);
      expect(widest(text)).toBeLessThanOrEqual(width);
      for (const cell of TABLE.rows.flat()) expect(text).toContain(cell);
      const parts = text.split('\n').filter((line) => line.includes('│ scenario │'));
      expect(parts.length).toBeGreaterThan(1);
      for (const head of TABLE.head) expect(text).toContain(head);
    },
  );

  it('narrower than one column beside the names: one block of "head: value" lines per row', () => {
    const text = fitTable(TABLE, 24);
    expect(widest(text)).toBeLessThanOrEqual(24);
    expect(text.split('\n\n')[1]).toBe(
      [
        '1-1 · grpc-sliced',
        '  median ms: 1.41',
        '  p99 ms: 3.10',
        '  rows/s: 709',
        '  payload B/req: 17',
        '  wire B/req: 212',
        '  client CPU ms/req:',
        '    0.388',
        '  server CPU ms/req:',
        '    0.290',
        '  verified: yes',
      ].join('\n'),
    );
  });
});
