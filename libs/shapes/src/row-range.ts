// Every shape numbers its rows with an int32 row_num, as the article's row does.
const INT32_MAX = 2 ** 31 - 1;

/** Rows `offset` .. `offset + count - 1` of one shape, with the same range checks as @app/data-generator's rows. */
export function rowsOf<R>(row: (i: number) => R, count: number, offset = 0): R[] {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new RangeError(`offset must be a non-negative integer, got ${offset}`);
  if (count > 0 && offset + count - 1 > INT32_MAX)
    throw new RangeError(`row numbers must fit in an int32 (last would be ${offset + count - 1})`);
  const out = new Array<R>(count);
  for (let k = 0; k < count; k++) out[k] = row(offset + k);
  return out;
}
