/**
 * A chunk is held whole while it is sent, so its largest encoding must fit the stream's budget; the message names the
 * budget and the largest chunk that fits this range. Shared by the gRPC and NDJSON streams (their bytes per row
 * differ).
 */
export function chunkBudgetProblem(
  parameter: string,
  chunkRows: number,
  rowBytes: number,
  bufferBytes: number,
): string | null {
  if (chunkRows * rowBytes <= bufferBytes) return null;
  const fits = Math.floor(bufferBytes / rowBytes);
  return (
    `${parameter} must be at ` +
    `most ${fits} here: a chunk ` +
    `of ${chunkRows} rows may encode ` +
    `to ${chunkRows * rowBytes} bytes, more than a stream may hold (STREAM_BUFFER_BYTES, ${bufferBytes})`
  );
}
