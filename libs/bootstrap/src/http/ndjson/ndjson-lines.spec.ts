import { getShape, jsonRowsOf, type JsonRow, shapeNames } from '@app/shapes';
import { ndjsonLines } from './ndjson-lines';

describe.each(shapeNames())('ndjsonLines of %s', (name) => {
  const shape = getShape(name);

  it("is each row's JSON.stringify on its own line, whichever way it is built", () => {
    for (const [count, offset] of [[0, 0], [1, 0], [1500, 0], [300, 2 ** 31 - 300]]) {
      const rows = jsonRowsOf(shape, count, offset);
      expect(ndjsonLines(shape)(rows)).toBe(rows.map((row) => JSON.stringify(row) + '\n').join(''));
    }
  });
});

describe('ndjsonLines', () => {
  it('stringifies row by row where a row holds an object (nested: its address, items and map)', () => {
    // A row whose map held `},{"rowNum"` would break a joined-then-split encoder; row by row it stays one line.
    const rows: JsonRow[] = [{ rowNum: 1, attributes: { a: { rowNum: 2 } }, items: [{ x: 1 }, { rowNum: 3 }] }, { rowNum: 4 }];
    expect(ndjsonLines(getShape('nested'))(rows)).toBe(`${JSON.stringify(rows[0])}\n${JSON.stringify(rows[1])}\n`);
  });
});
