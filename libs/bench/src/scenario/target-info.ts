import type { ServerName } from './variant-info';

/** Which server a transport talks to, for replies and error messages. */
export interface TargetInfo {
  server: ServerName;
  /** What the transport dials. */
  address: string;
  /**
   * Where the server itself listens, when `address` is a shaping proxy in front of it (a network profile): the
   * server's CPU and memory, and the wire bytes (counted without shaping: they are the same bytes), are read there.
   */
  serverAddress?: string;
  /**
   * HTTP/2 paths: the flow-control window (bytes) the client offers per stream; it caps a stream's throughput at window
   * / RTT.
   */
  http2WindowBytes?: number;
}
