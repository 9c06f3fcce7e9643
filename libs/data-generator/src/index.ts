export type { Row } from './row.interface';

export { row, rows, iterateRows } from './rows';
export type { RowsDigest } from './checksum';
export { checksum, ChecksumAccumulator, TextChecksumAccumulator } from './checksum';
export { maxJsonRowBytes } from './row-bytes';
