// Just enough HPACK (RFC 7541) to read a reply's ":status" and "grpc-status" without a header decoder per call.
// The generator advertises SETTINGS_HEADER_TABLE_SIZE 0, so the server's encoder keeps no dynamic table: every
// header is either a static-table reference or a literal, and nothing earlier is needed to read a block.

// Static-table indexes whose entry is ":status" with a value (RFC 7541 Appendix A).
const STATIC_STATUS: Record<number, number> = { 8: 200, 9: 204, 10: 206, 11: 304, 12: 400, 13: 404, 14: 500 };
const STATIC_STATUS_NAME = new Set([8, 9, 10, 11, 12, 13, 14]);
const GRPC_STATUS = Buffer.from('grpc-status');
// "grpc-status" Huffman-coded (RFC 7541 Appendix B), as HTTP/2 encoders send a name when that is shorter.
const GRPC_STATUS_HUFFMAN = Buffer.from('9acac8b21234da8f', 'hex');
// Huffman codes of the ten digits, which is all a status value holds: 0-2 are 5 bits, 3-9 are 6 bits.
const DIGIT_CODES: [number, number, string][] = [
  [0b00000, 5, '0'],
  [0b00001, 5, '1'],
  [0b00010, 5, '2'],
  [0b011001, 6, '3'],
  [0b011010, 6, '4'],
  [0b011011, 6, '5'],
  [0b011100, 6, '6'],
  [0b011101, 6, '7'],
  [0b011110, 6, '8'],
  [0b011111, 6, '9'],
];

export interface ReplyStatus {
  /** The HTTP status, when the block carries one. */
  http?: number;
  /** The gRPC status, when the block carries one (trailers, or a trailers-only reply). */
  grpc?: number;
}

/** An HPACK integer with an N-bit prefix (RFC 7541 5.1), and where the next field starts. */
function integer(block: Buffer, at: number, prefixBits: number): [number, number] {
  const max = (1 << prefixBits) - 1;
  let value = block[at] & max;
  let i = at + 1;
  if (value < max) return [value, i];
  for (let shift = 0; i < block.length; shift += 7) {
    const b = block[i++];
    value += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) break;
  }
  return [value, i];
}

/** A string literal: its bytes (still Huffman-coded when `huffman`) and where the next field starts. */
function literal(block: Buffer, at: number): { bytes: Buffer; huffman: boolean; next: number } {
  const huffman = (block[at] & 0x80) !== 0;
  const [length, start] = integer(block, at, 7);
  return { bytes: block.subarray(start, start + length), huffman, next: start + length };
}

/** Digits from a Huffman-coded string; NaN when it holds anything else (a status never does). */
function huffmanDigits(bytes: Buffer): number {
  let bits = 0;
  let count = 0;
  let text = '';
  for (const byte of bytes) {
    bits = (bits << 8) | byte;
    count += 8;
    for (;;) {
      const digit = DIGIT_CODES.find(([code, length]) => length <= count && bits >>> (count - length) === code);
      if (!digit) break;
      text += digit[2];
      count -= digit[1];
      bits &= (1 << count) - 1;
    }
    if (count > 7) return NaN;
  }
  // What is left must be padding: the most significant bits of EOS, all ones.
  return text !== '' && bits === (1 << count) - 1 ? Number(text) : NaN;
}

function digits(value: { bytes: Buffer; huffman: boolean }): number {
  return value.huffman
    ? huffmanDigits(value.bytes)
    : /^\d+$/.test(value.bytes.toString('latin1'))
      ? Number(value.bytes.toString('latin1'))
      : NaN;
}

/** The statuses in one complete header block; fields it cannot read (a dynamic-table reference) are passed over. */
export function readReplyStatus(block: Buffer): ReplyStatus {
  const out: ReplyStatus = {};
  let i = 0;
  while (i < block.length) {
    const b = block[i];
    if (b & 0x80) {
      // Indexed field.
      const [index, next] = integer(block, i, 7);
      if (STATIC_STATUS[index] !== undefined) out.http = STATIC_STATUS[index];
      i = next;
      continue;
    }
    if ((b & 0xe0) === 0x20) {
      // Dynamic table size update.
      i = integer(block, i, 5)[1];
      continue;
    }
    // A literal: with incremental indexing (6-bit name index), or without / never indexed (4-bit).
    const [nameIndex, afterIndex] = integer(block, i, (b & 0x40) !== 0 ? 6 : 4);
    let isStatus = false;
    let isGrpcStatus = false;
    i = afterIndex;
    if (nameIndex === 0) {
      const name = literal(block, i);
      isGrpcStatus = name.bytes.equals(name.huffman ? GRPC_STATUS_HUFFMAN : GRPC_STATUS);
      i = name.next;
    } else {
      isStatus = STATIC_STATUS_NAME.has(nameIndex);
    }
    const value = literal(block, i);
    i = value.next;
    if (isStatus) out.http = digits(value);
    if (isGrpcStatus) out.grpc = digits(value);
  }
  return out;
}
