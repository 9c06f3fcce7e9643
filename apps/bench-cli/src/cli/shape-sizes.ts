import { jsonRowsOf, SHAPES, type Shape, type ShapeName } from '@app/shapes';

/** What the largest size of each shape in the shapes preset carries in one JSON reply: ~100 MB. */
export const LARGEST_JSON_BYTES = 100_000_000;

// Rows measured for a mean: spread over the range the size will use, since a row's JSON grows with its number's digits.
const SAMPLE_ROWS = 200;

/**
 * The mean bytes one row adds to a JSON reply (its proto3 JSON text and one separator), measured on SAMPLE_ROWS rows
 * spread evenly over 0 .. lastRowNum. Measured rather than taken from shape.maxRowBytes: that is an upper bound for
 * reserving memory (a `text` row's bound is its longest possible string), so sizes from it would fall well short of
 * 100 MB.
 */
export function meanJsonRowBytes(shape: Shape, lastRowNum: number): number {
  let bytes = 0;
  for (let k = 0; k < SAMPLE_ROWS; k++) {
    const [row] = jsonRowsOf(shape, 1, Math.floor((k * lastRowNum) / (SAMPLE_ROWS - 1)));
    bytes += Buffer.byteLength(JSON.stringify(row)) + 1;
  }
  return bytes / SAMPLE_ROWS;
}

/** Two significant digits, so case names stay readable (rows-360000, not rows-361427). */
const twoDigits = (v: number) => {
  const scale = 10 ** Math.max(0, Math.floor(Math.log10(v)) - 1);
  return Math.max(1, Math.round(v / scale) * scale);
};

/**
 * The rows of one reply of LARGEST_JSON_BYTES for a shape: a first estimate from rows 0 .. 999, then measured again
 * over the rows that size uses (their numbers have more digits).
 */
export function largestRows(shape: Shape): number {
  const first = LARGEST_JSON_BYTES / meanJsonRowBytes(shape, 999);
  return twoDigits(LARGEST_JSON_BYTES / meanJsonRowBytes(shape, Math.ceil(first)));
}

/** The shapes preset's three sizes of a shape: ~100 MB of JSON, a tenth and a hundredth of it, smallest first. */
export function shapeSizes(shape: Shape): number[] {
  const largest = largestRows(shape);
  return [twoDigits(largest / 100), twoDigits(largest / 10), largest];
}

/** Every built-in shape with its sizes, in the registry's order. */
export function builtInShapeSizes(): { shape: ShapeName; sizes: number[] }[] {
  return (Object.keys(SHAPES) as (keyof typeof SHAPES)[]).map((name) => ({
    shape: name,
    sizes: shapeSizes(SHAPES[name]),
  }));
}
