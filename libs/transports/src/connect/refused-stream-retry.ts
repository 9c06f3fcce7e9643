import type { UniversalClientFn } from '@connectrpc/connect/protocol';

/**
 * Whether a call failed on an HTTP/2 stream the server refused (REFUSED_STREAM: by RST_STREAM, or as one of the
 * streams a GOAWAY's last stream id left out). connect-node passes it on either as its own ConnectError ("http/2 stream
 * closed with error code REFUSED_STREAM") or as Node's stream error ("Stream closed with error code
 * NGHTTP2_REFUSED_STREAM") wrapped in one; both say the name, somewhere down the cause chain.
 */
export function isRefusedStream(error: unknown): boolean {
  let at: unknown = error;
  for (let depth = 0; depth < 5 && at instanceof Error; depth++, at = at.cause) {
    if (/\bREFUSED_STREAM\b|NGHTTP2_REFUSED_STREAM/.test(at.message)) return true;
  }
  return false;
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return chunks;
}

async function* replay(chunks: Uint8Array[]): AsyncIterable<Uint8Array> {
  yield* chunks;
}

/**
 * An HTTP/2 call whose stream the server refused is made once more. A refused stream was not processed (RFC 9113
 * §8.7), so a retry is safe, and grpc-js makes it on its own (transparent retry): without it the Connect HTTP/2
 * variants would end a run on what the gRPC ones pass through. It happens when calls go out on a session the server
 * is closing: the h2c app closes a session idle for its keep-alive timeout (5 s) with GOAWAY, and a case that starts
 * about as long after the last call on that session sent its 1,000 streams into the GOAWAY (the connect preset's
 * 1,000-request case ended on it). The retry goes out on the session Http2SessionManager gives next: a new one, as the
 * old one is shutting down.
 *
 * The request body is read before the first attempt so it can be sent again: the calls here (unary and server
 * streaming) send one small message, already whole; a client-streaming call would wait for all of its input.
 */
export function retryRefusedStreams(inner: UniversalClientFn): UniversalClientFn {
  return async (request) => {
    const body = request.body ? await collect(request.body) : undefined;
    const attempt = () => inner({ ...request, body: body && replay(body) });
    try {
      return await attempt();
    } catch (error) {
      if (!isRefusedStream(error) || request.signal?.aborted) throw error;
      return attempt();
    }
  };
}
