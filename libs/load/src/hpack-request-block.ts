// A repeated request's header block, encoded once in each HPACK (RFC 7541) form a connection needs: the first request
// adds its literal fields to the server's dynamic table and every later one names them by index, as nghttp2 (so
// node:http2, grpc-js's client and h2load) does. Sent as literals every time, the same five fields cost the server a
// decode and an allocation each per call.

/** The HPACK dynamic table's default size (RFC 9113 6.5.2, SETTINGS_HEADER_TABLE_SIZE's initial value). */
export const DEFAULT_TABLE_SIZE = 4096;
// The first dynamic-table index: 61 static entries come before it (RFC 7541 2.3.3).
const FIRST_DYNAMIC_INDEX = 62;

export interface RequestHeaderBlocks {
  /** Every literal without indexing (6.2.2): for a server whose table cannot hold them. */
  plain: Buffer;
  /** The first request on a connection: each literal added to the server's dynamic table (6.2.1). */
  indexing: Buffer;
  /** Every later request: each field one index, into the static table or the entries `indexing` added (6.1). */
  indexed: Buffer;
  /** The dynamic-table space the literals take (4.1: name + value + 32 octets each). */
  tableBytes: number;
}

/** An integer with an N-bit prefix (5.1), the prefix's other bits from `flags`. */
function hpackInteger(value: number, prefixBits: number, flags: number): Buffer {
  const max = (1 << prefixBits) - 1;
  if (value < max) return Buffer.from([flags | value]);
  const out = [flags | max];
  let rest = value - max;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
  return Buffer.from(out);
}

/** A string literal, not Huffman-coded (5.2). */
function stringLiteral(text: string): Buffer {
  const bytes = Buffer.from(text, 'latin1');
  return Buffer.concat([hpackInteger(bytes.length, 7, 0x00), bytes]);
}

/** A literal field with a new name: `flags` 0x40 adds it to the dynamic table (6-bit prefix), 0x00 does not (4-bit). */
function literalField(name: string, value: string, flags: 0x40 | 0x00): Buffer {
  return Buffer.concat([Buffer.from([flags]), stringLiteral(name), stringLiteral(value)]);
}

/**
 * The three forms of one header block: `staticIndexes` are fields sent as static-table indexes in every form
 * (`:method POST` is 3), then `literals` in order.
 */
export function requestHeaderBlocks(staticIndexes: number[], literals: [string, string][]): RequestHeaderBlocks {
  const fixed = Buffer.concat(staticIndexes.map((index) => hpackInteger(index, 7, 0x80)));
  // Entries go in at the front of the table: once all are in, the last literal is the first dynamic index.
  const indexes = literals.map((_, i) => hpackInteger(FIRST_DYNAMIC_INDEX + literals.length - 1 - i, 7, 0x80));
  return {
    plain: Buffer.concat([fixed, ...literals.map(([name, value]) => literalField(name, value, 0x00))]),
    indexing: Buffer.concat([fixed, ...literals.map(([name, value]) => literalField(name, value, 0x40))]),
    indexed: Buffer.concat([fixed, ...indexes]),
    tableBytes: literals.reduce(
      (sum, [name, value]) => sum + Buffer.byteLength(name, 'latin1') + Buffer.byteLength(value, 'latin1') + 32,
      0,
    ),
  };
}
