import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import { pipeline } from 'node:stream';
import { formatServerTiming, SERVER_TIMING } from '@app/server-timing';
import { NdjsonRange, NdjsonRowsStream } from './ndjson-rows-stream';

export const NDJSON_MEDIA_TYPE = 'application/x-ndjson';

/** A Node response of either protocol: what node:http, Express and Fastify (reply.raw, h1 or h2c) hand over. */
export type NodeResponse = ServerResponse | Http2ServerResponse;

/**
 * Streams rows as NDJSON into a Node response, shared by the Nest server (Express and Fastify) and the bare one.
 * pipeline() gives the back-pressure (the next chunk is generated only once the response accepted the last) and
 * the disconnect: a response closed before it finished destroys the row stream, so nothing more is generated.
 * The server's timing goes in a `Server-Timing` trailer (declared up front), added just before the end, when the
 * totals of generate, serialize and send are known. No Content-Length: HTTP/1.1 sends it chunked, which is also what
 * carries the trailer; HTTP/2 sends the trailer as a trailing HEADERS frame.
 */
export function streamNdjson(res: NodeResponse, range: NdjsonRange): Promise<{ completed: boolean; rowsSent: number }> {
  const stream = new NdjsonRowsStream(range);
  res.statusCode = 200;
  res.setHeader('Content-Type', NDJSON_MEDIA_TYPE);
  res.setHeader('Trailer', 'Server-Timing');
  // Registered before pipeline's own 'end' listener (which ends the response), so the trailer is set in time.
  stream.once('end', () => res.addTrailers({ [SERVER_TIMING]: formatServerTiming(stream.phases()) }));
  return new Promise((resolve) => {
    // An error here is the client going away (premature close); there is no one left to tell.
    pipeline(stream, res as NodeJS.WritableStream, (error) =>
      resolve({ completed: !error, rowsSent: stream.rowsSent }),
    );
  });
}
