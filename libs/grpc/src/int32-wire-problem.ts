import { Reader } from 'protobufjs/minimal';

const WIRE_VARINT = 0;
const INT32_MAX = 0x7fffffff;
const UINT32_MAX = 0xffffffff;

/** A request message as the strict decoder sees it: its name (for messages) and its int32 fields by number. */
export interface Int32Message {
  name: string;
  int32Fields: ReadonlyMap<number, string>;
}

/**
 * Why `bytes` are not a valid `message`, naming the field where there is one, or null. protobufjs reads an int32
 * as the low 32 bits of whatever varint comes (2^32 + 5 becomes 5, 2^53 + 1 becomes 1) and throws on malformed
 * bytes; here every int32 field's varint must be an int32 as protobuf encodes it (0 to 2^31 - 1, or a negative
 * sign-extended to 64 bits), and the message must be well formed to its end. Other fields are only skipped.
 */
export function int32WireProblem(bytes: Uint8Array, message: Int32Message): string | null {
  const reader = Reader.create(bytes);
  try {
    while (reader.pos < reader.len) {
      const at = reader.pos;
      const tag = reader.uint32();
      const wireType = tag & 7;
      if (tag >>> 3 === 0) return malformed(message, `field number 0 at byte ${at}`);
      const name = message.int32Fields.get(tag >>> 3);
      if (name === undefined) {
        reader.skipType(wireType);
        continue;
      }
      if (wireType !== WIRE_VARINT)
        return `${name}: sent as wire type ${wireType}, but an int32 is a varint (wire type 0)`;
      const problem = int32VarintProblem(reader, name);
      if (problem !== null) return problem;
    }
  } catch (error) {
    // protobufjs throws a RangeError when a tag or a skipped field runs past the end, an Error for a bad wire type.
    return malformed(
      message,
      error instanceof RangeError ? `a field runs past the end of its ${bytes.length} bytes` : (error as Error).message,
    );
  }
  return null;
}

function malformed(message: Int32Message, why: string): string {
  return `request is not a valid ${message.name}: ${why}`;
}

// Reads the varint at reader.pos as its 64 bits (lo, hi) and checks it is an int32's encoding.
function int32VarintProblem(reader: Reader, name: string): string | null {
  let lo = 0;
  let hi = 0;
  for (let i = 0; ; i++) {
    if (reader.pos >= reader.len) return `${name}: its varint runs past the end of the request`;
    const byte = reader.buf[reader.pos++];
    const bits = byte & 0x7f;
    if (i < 4) lo |= bits << (7 * i);
    else if (i === 4) {
      lo |= bits << 28;
      hi |= bits >>> 4;
    } else if (i < 9) hi |= bits << (7 * i - 32);
    // The tenth byte holds the 64th bit and nothing else.
    else if (byte > 1) return `${name}: its varint is longer than 64 bits`;
    else hi |= byte << 31;
    if (byte < 0x80) break;
  }
  lo >>>= 0;
  hi >>>= 0;
  if ((hi === 0 && lo <= INT32_MAX) || (hi === UINT32_MAX && lo > INT32_MAX)) return null;
  return `${name}: ${(BigInt(hi) << 32n) | BigInt(lo)} is outside int32 (varint on the wire)`;
}
