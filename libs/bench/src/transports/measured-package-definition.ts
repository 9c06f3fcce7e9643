import type { PackageDefinition } from '@grpc/proto-loader';

/** Where a decoded gRPC response carries the size of the protobuf message it was decoded from. */
export const PAYLOAD_BYTES = Symbol('wirebench.payloadBytes');

type Deserialize = (buffer: Buffer) => object;

/**
 * A copy of a package definition whose response deserializers also record the received message's size on
 * the decoded object. grpc-js hands the deserializer exactly the message bytes (after de-framing), so this is
 * a measurement per call, with nothing shared between concurrent calls, and no extra encoding work.
 */
export function withPayloadByteCounts(pkg: PackageDefinition): PackageDefinition {
  const out: PackageDefinition = {};
  for (const [name, definition] of Object.entries(pkg)) {
    if (!isServiceDefinition(definition)) {
      out[name] = definition;
      continue;
    }
    const service: Record<string, unknown> = {};
    for (const [method, def] of Object.entries(definition)) {
      const original = def.responseDeserialize as Deserialize;
      service[method] = {
        ...def,
        responseDeserialize: (buffer: Buffer) => {
          const decoded = original(buffer);
          Object.defineProperty(decoded, PAYLOAD_BYTES, { value: buffer.length, enumerable: false });
          return decoded;
        },
      };
    }
    out[name] = service as PackageDefinition[string];
  }
  return out;
}

/** The size recorded by withPayloadByteCounts, or undefined when the response did not pass through it. */
export function payloadBytesOf(decoded: object): number | undefined {
  return (decoded as { [PAYLOAD_BYTES]?: number })[PAYLOAD_BYTES];
}

function isServiceDefinition(d: unknown): d is Record<string, { responseDeserialize: unknown }> {
  if (!d || typeof d !== 'object' || 'format' in d) return false;
  return Object.values(d).every((m) => m && typeof m === 'object' && 'responseDeserialize' in m);
}
