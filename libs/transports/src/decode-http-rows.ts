import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PROTOBUF_MEDIA_TYPE } from '@app/grpc';
import type { FetchedRows, TargetInfo } from '@app/bench';
import { HttpBodyOptions, shapeAskedFor } from './http-body-options';
import type { PhaseClock } from './phase-clock';
import { TransportError } from '@app/bench';
import { decodeJsonRows } from './decode-json-rows';
import { decodeProtobufRows } from './decode-protobuf-rows';

const gunzipAsync = promisify(gunzip);

/** A received HTTP body with the response headers that say how to read it. */
export interface ReceivedBody {
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The one way the JSON-family transports turn a received body into rows, whatever client fetched it: the server's
 * Server-Timing onto the clock, gunzip when Content-Encoding says so (timed as decompress, off the event loop as
 * axios's own gunzip would be), then the decode (timed). payloadBytes is the body after gunzip, so a variant and its
 * +gzip twin carry the same payload and only their wire bytes differ. A body in another encoding than asked for is a
 * bad response, not a silent measurement of something else.
 */
export async function decodeHttpRows(
  received: ReceivedBody,
  asked: HttpBodyOptions,
  clock: PhaseClock,
  target: TargetInfo,
): Promise<FetchedRows> {
  clock.serverTiming(received.headers['server-timing']);
  const expected = asked.encoding === 'protobuf' ? PROTOBUF_MEDIA_TYPE : 'application/json';
  const contentType = single(received.headers['content-type']);
  const mediaType = contentType?.split(';')[0].trim().toLowerCase();
  if (mediaType !== undefined && mediaType !== expected) {
    throw new TransportError(
      'bad-response',
      target,
      `asked for ${expected}, got Content-Type ${JSON.stringify(contentType)}`,
    );
  }
  const contentEncoding = single(received.headers['content-encoding'])?.trim().toLowerCase() ?? 'identity';
  let body = received.body;
  if (contentEncoding === 'gzip' || contentEncoding === 'x-gzip') {
    const started = performance.now();
    try {
      body = await gunzipAsync(body);
    } catch (error) {
      throw new TransportError('bad-response', target, `body is not valid gzip (${(error as Error).message})`);
    }
    clock.add('decompress', performance.now() - started);
  } else if (contentEncoding !== 'identity' && contentEncoding !== '') {
    throw new TransportError('bad-response', target, `unsupported Content-Encoding ${JSON.stringify(contentEncoding)}`);
  } else if (asked.compression === 'gzip') {
    clock.note('asked for gzip; the server sent the body uncompressed');
  }

  const shape = shapeAskedFor(asked);
  const fetched = clock.time('decode', () =>
    asked.encoding === 'protobuf'
      ? decodeProtobufRows(body, target, shape, asked.serializer)
      : decodeJsonRows(body, target, shape),
  );
  return { ...fetched, phases: clock.phases() };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
