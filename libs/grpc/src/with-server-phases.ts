import { performance } from 'node:perf_hooks';
import type { PackageDefinition } from '@grpc/proto-loader';
import { replyPhases, type ReplyPhases } from './reply-phases';
import { serializeInSlices } from './serialize-in-slices';
import { mapServiceMethods } from './map-service-methods';

// grpc-js types every method definition's serializer so: a message of any of the service's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Serialize = (value: any) => Buffer;

/**
 * A copy of a server's package definition whose response serializers time the protobuf encode and record it on the
 * reply (ReplyPhases), and encode in slices when the handler asked for it (grpc-sliced). grpc-js calls the serializer
 * exactly once per reply (per message of a stream, whose totals it also adds to), just before it frames the bytes, so
 * this measures the encode and nothing else.
 */
export function withServerPhases(pkg: PackageDefinition): PackageDefinition {
  return mapServiceMethods(pkg, (def) => ({
    ...def,
    responseSerialize: timedSerializer(def.responseSerialize as Serialize),
  }));
}

function timedSerializer(original: Serialize): Serialize {
  return (value) => {
    const phases = replyPhases(value);
    // Replies that no handler of ours built (none today) are encoded as they come, untimed.
    if (phases === undefined) return original(value);
    if (phases.encoded !== undefined) {
      // Encoded (and timed) by the stream's chunk loop; released here so only grpc-js's framed copy stays.
      const bytes = phases.encoded;
      phases.encoded = undefined;
      phases.serializedAt = performance.now();
      return bytes;
    }
    const started = performance.now();
    const field = phases.rowsField ?? 'samples';
    const bytes = phases.encodeWith
      ? encodedBy(phases)
      : phases.sliceRows === undefined
        ? original(value)
        : serializeInSlices(original, (value as Record<string, object[]>)[field], phases.sliceRows, field);
    const ended = performance.now();
    phases.serializeMs = ended - started;
    phases.serializedAt = ended;
    if (phases.stream) phases.stream.serializeMs += phases.serializeMs;
    return bytes;
  };
}

// Another serializer's bytes as grpc-js frames them (a Buffer; the same memory, no copy), its prepared reply let go.
function encodedBy(phases: ReplyPhases): Buffer {
  const bytes = phases.encodeWith!.encode();
  phases.encodeWith = undefined;
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
