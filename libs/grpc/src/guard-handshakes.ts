import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

// The HTTP/2 client preface (RFC 9113 3.4): the 24-octet magic, then a SETTINGS frame, whose header is 9 octets.
export const CLIENT_PREFACE_BYTES = 24 + 9;

/**
 * Destroys every connection accepted on `port` in this process that has not sent the HTTP/2 client preface within
 * `timeoutMs`. grpc-js has no such timeout for an insecure server (its http2 server is internal, with Node's
 * timeout set to 0), so a socket that never speaks would hold its file descriptor for ever. Node's
 * `net.server.socket` channel (public, fired for every accepted TCP connection, in cluster workers too) is the one
 * hook both the Nest server and the bare one share without reaching into either. After the preface, the idle
 * timeout and keepalive (grpcServerOptions) take over, with a GOAWAY instead of a reset.
 * The port is the configured one: with port 0 (let the OS pick) nothing is guarded. Returns the function that
 * stops guarding (tests).
 */
export function guardHandshakes(port: number, timeoutMs: number): () => void {
  const onSocket = (message: unknown) => {
    const { socket } = message as { socket: Socket };
    if (socket.localPort !== port) return;
    const timer = setTimeout(() => {
      // bytesRead counts at the handle, so it sees the bytes nghttp2 consumed without JS ever reading them.
      if (socket.bytesRead < CLIENT_PREFACE_BYTES) socket.destroy();
    }, timeoutMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
  subscribe('net.server.socket', onSocket);
  return () => unsubscribe('net.server.socket', onSocket);
}
