/** The part of autocannon's per-socket client this reads: its HTTP parser (http-parser-js) and whether it is closed. */
interface AutocannonClient {
  parser: object;
  destroyed: boolean;
}

type ParserCallback = (...args: never[]) => unknown;

/** Wraps a parser callback as autocannon installs it (it assigns them after setupClient runs). */
function intercept(parser: object, key: number, wrap: (installed: ParserCallback) => ParserCallback): void {
  let current: ParserCallback | undefined;
  Object.defineProperty(parser, key, {
    configurable: true,
    get: () => current,
    set: (fn: ParserCallback) => (current = wrap(fn)),
  });
}

/**
 * An autocannon `setupClient` that compares every 200 reply body with `expected` byte for byte. autocannon's own
 * expectBody / verifyBody see the body as a string decoded chunk by chunk as UTF-8, which is lossy for binary
 * (different invalid bytes decode alike) and can split a character across chunks: right for JSON by luck, wrong for
 * protobuf. Here the parser's body slices are compared in place as they arrive (no copy), and `onMismatch` is called
 * after autocannon has counted the response, once per bad reply.
 */
export function exactBodyWatch(expected: Buffer, onMismatch: () => void): (client: AutocannonClient) => void {
  return (client) => {
    const parser = client.parser as Record<number, unknown>;
    const keys = parser.constructor as unknown as {
      kOnHeadersComplete: number;
      kOnBody: number;
      kOnMessageComplete: number;
    };
    let status = 0;
    let offset = 0;
    let same = true;
    intercept(parser, keys.kOnHeadersComplete, (installed) => (info: { statusCode: number }) => {
      status = info.statusCode;
      offset = 0;
      same = true;
      return installed(info as never);
    });
    intercept(parser, keys.kOnBody, (installed) => (chunk: Buffer, start: number, length: number) => {
      if (same)
        same =
          offset + length <= expected.length &&
          chunk.compare(expected, offset, offset + length, start, start + length) === 0;
      offset += length;
      return installed(chunk as never, start as never, length as never);
    });
    intercept(parser, keys.kOnMessageComplete, (installed) => () => {
      // A closed client counts no response (autocannon checks the same before its 'response' event).
      const counted = !client.destroyed;
      const result = installed();
      if (counted && status === 200 && !(same && offset === expected.length)) onMismatch();
      return result;
    });
  };
}
