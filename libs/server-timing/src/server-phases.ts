/**
 * What a server measured about one response, in milliseconds; a phase the path does not have is absent.
 * - generate: building the rows (the shared data generator);
 * - serialize: turning them into the body (JSON.stringify, protobuf encode);
 * - compress: gzip of the serialized body, when the client asked for it;
 * - send: first byte handed to the connection -> last byte accepted by it (only where the server learns it before
 *   its timing leaves: gRPC and HTTP/2 trailers; an HTTP/1.1 header goes out before the body).
 */
export interface ServerPhases {
  generateMs?: number;
  serializeMs?: number;
  compressMs?: number;
  sendMs?: number;
}

/** The Server-Timing metric name of each phase, in the order they happen. */
export const SERVER_PHASE_METRICS = {
  generateMs: 'generate',
  serializeMs: 'serialize',
  compressMs: 'compress',
  sendMs: 'send',
} as const satisfies Record<keyof ServerPhases, string>;

/**
 * The one name for it in both places the standards give: the HTTP `Server-Timing` header (W3C Server Timing) and
 * a gRPC trailing-metadata entry of the same name and syntax.
 */
export const SERVER_TIMING = 'server-timing';
