/** The same bytes as a Buffer without copying (grpc-js and proto-loader's deserializers want a Buffer). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
