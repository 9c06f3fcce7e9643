import type { PieceEncoder } from './protobuf-codec.interface';

/**
 * A reply given in pieces, for a serializer whose encode takes no writer to append to (protobuf-es's toBinary,
 * protons' encode): a repeated message field is one tagged record per element, so the pieces' own encodings put end
 * to end are the whole reply's encoding byte for byte. A piece is `prepare` of its rows, which sets the rows field and
 * nothing else, so no other field of the rows message (those in proto/ have none) is written by any piece; and no rows,
 * no piece, is the empty message. The pieces are copied once, into a buffer of their known total, as the serializers'
 * own writers join their chunks once.
 */
export function joinedPieceEncoder<Prepared>(encode: (piece: Prepared) => Uint8Array): PieceEncoder<Prepared> {
  const parts: Uint8Array[] = [];
  let bytes = 0;
  return {
    add: (piece) => {
      const part = encode(piece);
      parts.push(part);
      bytes += part.length;
    },
    finish: () => Buffer.concat(parts, bytes),
  };
}
