/**
 * Rows a stream generates and encodes between two looks at its client (gRPC and NDJSON alike): a chunk of any size is
 * built in pieces of this many, so a cancel or a disconnect is seen within one piece, a few ms of work, whatever the
 * chunk size. Small enough for that, large enough that the turn of the event loop between pieces costs nothing.
 */
export const STREAM_PIECE_ROWS = 2000;
