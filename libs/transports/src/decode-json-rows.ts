import { constants as bufferConstants } from 'node:buffer';
import { getShape, ShapeName } from '@app/shapes';
import type { FetchedRows, TargetInfo } from '@app/bench';
import { TransportError } from '@app/bench';

/**
 * A JSON server's body as rows: Buffer -> string -> JSON.parse, the same work for every JSON client, so that two
 * JSON variants differ only in how the bytes arrived. The rows are the shape's rowsField (`samples` for the
 * article's row, `rows` for the others), already in their JSON form. A body too long for a string, not JSON, or
 * without that array is a bad response, named.
 */
export function decodeJsonRows(body: Buffer, target: TargetInfo, shape: ShapeName): FetchedRows {
  if (body.length > bufferConstants.MAX_STRING_LENGTH) {
    throw new TransportError(
      'bad-response',
      target,
      `${body.length} bytes of JSON exceed the longest string Node can decode ` +
        `(${bufferConstants.MAX_STRING_LENGTH}); ask for fewer rows`,
    );
  }
  const { rowsField } = getShape(shape);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new TransportError('bad-response', target, `body is not JSON (${(error as Error).message})`);
  }
  const rows = parsed?.[rowsField];
  if (!Array.isArray(rows)) throw new TransportError('bad-response', target, `body has no "${rowsField}" array`);
  return { rows, payloadBytes: body.length };
}
