import { performance } from 'node:perf_hooks';
import type { PackageDefinition } from '@grpc/proto-loader';
import type { Samples } from './interfaces/sample-service.interface';
import { replyPhases } from './reply-phases';
import { serializeInSlices } from './serialize-in-slices';

type Serialize = (value: any) => Buffer;

/**
 * A copy of a server's package definition whose response serializers time the protobuf encode and record it on the
 * reply (ReplyPhases), and encode in slices when the handler asked for it (grpc-sliced). grpc-js calls the
 * serializer exactly once per reply, just before it frames the bytes, so this measures the encode and nothing else.
 */
export function withServerPhases(pkg: PackageDefinition): PackageDefinition {
  const out: PackageDefinition = {};
  for (const [name, definition] of Object.entries(pkg)) {
    if (!isServiceDefinition(definition)) {
      out[name] = definition;
      continue;
    }
    const service: Record<string, unknown> = {};
    for (const [method, def] of Object.entries(definition)) {
      const original = def.responseSerialize as Serialize;
      service[method] = { ...def, responseSerialize: timedSerializer(original) };
    }
    out[name] = service as PackageDefinition[string];
  }
  return out;
}

function timedSerializer(original: Serialize): Serialize {
  return (value) => {
    const phases = replyPhases(value);
    // Replies that no handler of ours built (none today) are encoded as they come, untimed.
    if (phases === undefined) return original(value);
    const started = performance.now();
    const bytes = phases.sliceRows === undefined ? original(value) : serializeInSlices(original, (value as Samples).samples, phases.sliceRows);
    const ended = performance.now();
    phases.serializeMs = ended - started;
    phases.serializedAt = ended;
    return bytes;
  };
}

function isServiceDefinition(d: unknown): d is Record<string, { responseSerialize: unknown }> {
  if (!d || typeof d !== 'object' || 'format' in d) return false;
  return Object.values(d).every((m) => m && typeof m === 'object' && 'responseSerialize' in m);
}
