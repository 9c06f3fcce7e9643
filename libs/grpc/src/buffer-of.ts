/** A serializer's bytes as grpc-js frames them: the same memory as a Buffer, no copy. */
export function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
