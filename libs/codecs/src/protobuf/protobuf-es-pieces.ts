import { toBinary, type DescMessage, type Message } from '@bufbuild/protobuf';
import type { PieceEncoder } from './protobuf-codec.interface';

/**
 * protobuf-es's encode of a reply given in pieces. toBinary takes no writer to append to, but a repeated message field
 * is one tagged record per element, so the pieces' own toBinary put end to end is the whole reply's toBinary byte for
 * byte: a piece is `prepare` of its rows, which sets the rows field and nothing else, so no other field of the rows
 * message (those in proto/ have none) is written by any piece; and no rows, no piece, is the empty message. The pieces
 * are copied once, into a buffer of their known total, as toBinary's own writer joins its chunks once.
 */
export function protobufEsPieceEncoder(rowsDesc: DescMessage): PieceEncoder<Message> {
  const parts: Uint8Array[] = [];
  let bytes = 0;
  return {
    add: (piece) => {
      const part = toBinary(rowsDesc, piece);
      parts.push(part);
      bytes += part.length;
    },
    finish: () => Buffer.concat(parts, bytes),
  };
}
