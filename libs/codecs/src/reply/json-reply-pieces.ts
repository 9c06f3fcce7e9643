import { jsonRowsOf, type JsonRow, type Shape } from '@app/shapes';
import type { JsonCodec } from '../json/json-codec.interface';
import type { ReplyPieces } from './reply-pieces';

/**
 * jsonReplyText's body, piece by piece: a piece's rows in their JSON form (generate), written by `codec` as an array
 * (serialize) whose brackets are dropped. An array's text is its elements' texts joined by `,` inside `[` `]`, so
 * the pieces joined by `,` inside `{"<rowsField>":[` `]}` are the one-shot body byte for byte.
 */
export function jsonReplyPieces(codec: JsonCodec, shape: Shape): ReplyPieces<JsonRow[], string> {
  const { stringify } = codec.forShape(shape);
  const texts: string[] = [];
  return {
    generate: (first, rows) => jsonRowsOf(shape, rows, first),
    serialize: (rows) => void texts.push(stringify(rows).slice(1, -1)),
    body: () => joinInside(`{${JSON.stringify(shape.rowsField)}:[`, texts, ']}'),
  };
}

// The ends ride on the first and last piece, so the one join makes the whole body as one flat string: `open +
// texts.join(',')` would be a rope, copied once more when it is sent.
function joinInside(open: string, texts: string[], close: string): string {
  if (texts.length === 0) return open + close;
  texts[0] = open + texts[0];
  texts[texts.length - 1] += close;
  return texts.join(',');
}
