import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A node:http handler that cannot end the process: what it throws is answered 500 (or, once the headers are out,
 * the response is cut) and logged in one line. The bare servers have no framework to catch for them; an uncaught
 * URIError from one malformed path once stopped the bare JSON server for good.
 */
export function neverThrows(handler: Handler, log: (line: string) => void = (line) => console.error(line)): Handler {
  return (req, res) => {
    try {
      handler(req, res);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`${req.method} ${req.url}: ${message} (answered 500)`);
      if (res.headersSent) return void res.destroy();
      const body = JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message });
      res
        .writeHead(500, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        })
        .end(body);
    }
  };
}
