import { Row } from './row.interface';

/** Row number `i` exactly as the article builds it. */
export function row(i: number): Row {
  return {
    rowNum: i,
    columnA: 'columnA' + i,
    columnB: 'columnB' + i,
    columnC: 'columnC' + i,
    columnD: 'columnD' + i,
    columnE: 'columnE' + i,
    columnF: 'columnF' + i,
    columnG: 'columnG' + i,
    columnH: 'columnH' + i,
    columnI: 'columnI' + i,
    columnJ: 'columnJ' + i,
  };
}

/** Rows `offset` .. `offset + count - 1`, generated one at a time (for checksums without an array). */
export function* iterateRows(count: number, offset = 0): Generator<Row> {
  assertRange(count, offset);
  for (let i = offset; i < offset + count; i++) yield row(i);
}

/** Rows `offset` .. `offset + count - 1` as an array, which is what both servers send. */
export function rows(count: number, offset = 0): Row[] {
  assertRange(count, offset);
  const out = new Array<Row>(count);
  for (let k = 0; k < count; k++) out[k] = row(offset + k);
  return out;
}

// rowNum is an int32 on the wire, so the last row number must fit in one.
const INT32_MAX = 2 ** 31 - 1;

function assertRange(count: number, offset: number): void {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new RangeError(`offset must be a non-negative integer, got ${offset}`);
  }
  if (count > 0 && offset + count - 1 > INT32_MAX) {
    throw new RangeError(`row numbers must fit in an int32 (last would be ${offset + count - 1})`);
  }
}
