import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

type NodeSocket = Socket & { destroySoon(): void };

/**
 * What a server reads and throws away after answering a request whose body had not arrived: what a client has in
 * flight when the answer comes (its socket buffers, a few MiB on loopback), so that its close, which follows that
 * data, is seen and the connection goes at once. A client that keeps sending past it is held back by TCP instead.
 */
export const DISCARD_AFTER_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * On an HTTP/1.1 server: a response that finishes before its request's body has arrived whole (a Connect body
 * refused by its declared length or for memory, a 404 to a POST) ends the connection in stages, and the rest of the
 * body is not read.
 *
 * Node alone reads the rest of such a body and throws it away (all of a refused 200 MiB body, if the client sends
 * it), and ends the connection abruptly: right after the response when the client asked `Connection: close` (as
 * Node's client does without an agent), else when the keep-alive timer it arms with the response finds that no byte
 * came for 6 s. The client's next bytes then meet a closed socket, and one that writes more before it reads the answer
 * (its event loop busy elsewhere when the answer came) loses the answer to EPIPE: the soak's failure.
 *
 * Here, as RFC 9112 §9.6 asks, the server ends only its side after the response (FIN) and keeps the connection open
 * until the client closes it, reading at most DISCARD_AFTER_ANSWER_BYTES more of the body (thrown away) and holding
 * back a client that sends more; the request timeout (HTTP_REQUEST_TIMEOUT_MS, Node's check of a request that has
 * not arrived whole) ends it if the client never does. A request whose body arrived keeps its connection, as before.
 */
export function endUnreadRequests(server: Server): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    // No body (every GET): the request arrived whole with its head.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return;
    const socket = req.socket as NodeSocket;
    let nodeDestroySoon: (() => void) | null = null;
    // Before Node's own 'finish' handler, which reads away a body nobody reads and, on `Connection: close`, destroys
    // the socket once its end is written (destroySoon). read() takes what is buffered and makes this the body's reader
    // (Node then leaves the rest alone); destroySoon only ends the socket until the body's fate is known.
    res.prependOnceListener('finish', () => {
      if (req.complete) return;
      req.read();
      nodeDestroySoon = socket.destroySoon;
      socket.destroySoon = () => socket.end();
    });
    // After it, and after the parser has taken the bytes that had come (a body may be whole yet not parsed).
    res.once('finish', () => {
      if (nodeDestroySoon === null) return;
      const destroySoon = nodeDestroySoon;
      setImmediate(() => {
        socket.destroySoon = destroySoon;
        if (req.complete) {
          // It had arrived: the connection is Node's again (closed as it would have closed it, or kept alive).
          if (socket.writableEnded) socket.destroySoon();
          return;
        }
        // The keep-alive timer Node armed would destroy the socket while the answer may still be unread.
        socket.setTimeout(0);
        socket.end();
        let discarded = 0;
        req.on('data', (chunk: Buffer) => {
          discarded += chunk.length;
          if (discarded >= DISCARD_AFTER_ANSWER_BYTES) req.pause();
        });
      });
    });
  });
}
