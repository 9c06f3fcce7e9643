import { constants as bufferConstants } from 'node:buffer';
import type { Row } from '@app/data-generator';
import type { FetchedRows, TargetInfo } from './rows-transport.interface';
import { TransportError } from './transport-errors';

/**
 * A JSON server's body as rows: Buffer -> string -> JSON.parse, the same work for every JSON client, so that two
 * JSON variants differ only in how the bytes arrived. A body too long for a string, not JSON, or without a
 * `samples` array is a bad response, named.
 */
export function decodeJsonRows(body: Buffer, target: TargetInfo): FetchedRows {
  if (body.length > bufferConstants.MAX_STRING_LENGTH) {
    throw new TransportError('bad-response', target, `${body.length} bytes of JSON exceed the longest string Node can decode (${bufferConstants.MAX_STRING_LENGTH}); ask for fewer rows`);
  }
  let parsed: { samples?: Row[] };
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new TransportError('bad-response', target, `body is not JSON (${(error as Error).message})`);
  }
  if (!parsed || !Array.isArray(parsed.samples)) throw new TransportError('bad-response', target, 'body has no "samples" array');
  return { rows: parsed.samples, payloadBytes: body.length };
}
