/** gRPC's length prefix: a compressed flag byte and the message length (uint32, big-endian). */
export const GRPC_PREFIX_BYTES = 5;

/** A message as gRPC puts it on the wire: the 5-byte prefix (not compressed, its length), then the message. */
export function grpcFramed(message: Buffer): Buffer {
  const body = Buffer.alloc(GRPC_PREFIX_BYTES + message.length);
  body.writeUInt32BE(message.length, 1);
  message.copy(body, GRPC_PREFIX_BYTES);
  return body;
}
