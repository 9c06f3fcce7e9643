import { iterateRows, row, rows } from './rows';

describe('rows', () => {
  it('builds row i exactly as the article does', () => {
    expect(row(7)).toEqual({
      rowNum: 7,
      columnA: 'columnA7',
      columnB: 'columnB7',
      columnC: 'columnC7',
      columnD: 'columnD7',
      columnE: 'columnE7',
      columnF: 'columnF7',
      columnG: 'columnG7',
      columnH: 'columnH7',
      columnI: 'columnI7',
      columnJ: 'columnJ7',
    });
  });

  it('returns count rows starting at offset', () => {
    const r = rows(3, 10);
    expect(r.map((x) => x.rowNum)).toEqual([10, 11, 12]);
    expect(r[2].columnJ).toBe('columnJ12');
  });

  it('starts at row 0 by default and allows zero rows', () => {
    expect(rows(2).map((x) => x.rowNum)).toEqual([0, 1]);
    expect(rows(0)).toEqual([]);
  });

  it('iterates the same rows it returns as an array', () => {
    expect([...iterateRows(5, 3)]).toEqual(rows(5, 3));
  });

  it.each([[-1], [1.5], [NaN], [Infinity]])('rejects count %p', (count) => {
    expect(() => rows(count)).toThrow(RangeError);
  });

  it('rejects a negative offset and row numbers beyond int32', () => {
    expect(() => rows(1, -1)).toThrow(/offset/);
    expect(() => rows(2, 2 ** 31 - 1)).toThrow(/int32/);
    expect(rows(1, 2 ** 31 - 1)[0].rowNum).toBe(2 ** 31 - 1);
  });
});
