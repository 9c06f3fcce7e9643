import { performance } from 'node:perf_hooks';
import type { PackageDefinition } from '@grpc/proto-loader';
import { mapServiceMethods } from '@app/grpc';

/** Where a decoded gRPC response carries the size of the protobuf message it was decoded from. */
export const PAYLOAD_BYTES = Symbol('wirebench.payloadBytes');
/** Where it carries when its decode started (performance.now()) and how long the decode took. */
const DECODE_TIMING = Symbol('wirebench.decodeTiming');

/** When the protobuf decode of a response started and how long it took, in ms. */
export interface DecodeTiming {
  startedAt: number;
  ms: number;
}

type Deserialize = (buffer: Buffer) => object;

/**
 * A copy of a package definition whose response deserializers also record the received message's size on
 * the decoded object. grpc-js hands the deserializer exactly the message bytes (after de-framing), so this is
 * a measurement per call, with nothing shared between concurrent calls, and no extra encoding work.
 * They also record when the decode started (grpc-js decodes once the whole message is in: the client's "last
 * byte") and how long it took (two performance.now() stamps).
 */
export function withPayloadByteCounts(pkg: PackageDefinition): PackageDefinition {
  return mapServiceMethods(pkg, (def) => {
    const original = def.responseDeserialize as Deserialize;
    return {
      ...def,
      responseDeserialize: (buffer: Buffer) => {
        const startedAt = performance.now();
        const decoded = original(buffer);
        const timing: DecodeTiming = { startedAt, ms: performance.now() - startedAt };
        Object.defineProperty(decoded, PAYLOAD_BYTES, { value: buffer.length, enumerable: false });
        Object.defineProperty(decoded, DECODE_TIMING, { value: timing, enumerable: false });
        return decoded;
      },
    };
  });
}

/** The size recorded by withPayloadByteCounts, or undefined when the response did not pass through it. */
export function payloadBytesOf(decoded: object): number | undefined {
  return (decoded as { [PAYLOAD_BYTES]?: number })[PAYLOAD_BYTES];
}

/** The decode timing recorded by withPayloadByteCounts, or undefined when the response did not pass through it. */
export function decodeTimingOf(decoded: object): DecodeTiming | undefined {
  return (decoded as { [DECODE_TIMING]?: DecodeTiming })[DECODE_TIMING];
}
