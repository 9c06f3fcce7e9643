/** google.protobuf.Timestamp as protobufjs and proto-loader hold it (seconds may be a string, number or Long). */
export interface TimestampMessage {
  seconds: unknown;
  nanos?: number;
}

/**
 * A Timestamp's proto3 JSON form: RFC 3339 in UTC with "Z", and 0, 3, 6 or 9 fractional digits, the fewest that
 * keep every nanosecond (what protoc's and Buf's printers write, so their output and ours agree byte for byte).
 */
export function timestampToJson(timestamp: TimestampMessage): string {
  const seconds = Number(String(timestamp.seconds));
  const nanos = timestamp.nanos ?? 0;
  const whole = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (nanos === 0) return `${whole}Z`;
  const digits = String(nanos).padStart(9, '0');
  const kept = nanos % 1_000_000 === 0 ? 3 : nanos % 1000 === 0 ? 6 : 9;
  return `${whole}.${digits.slice(0, kept)}Z`;
}
