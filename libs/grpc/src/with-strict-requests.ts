import type { MethodDefinition, PackageDefinition } from '@grpc/proto-loader';
import { Int32Message, int32WireProblem } from './int32-wire-problem';
import { invalidRequest } from './invalid-request';
import { mapServiceMethods } from './map-service-methods';

// A field of the DescriptorProto proto-loader gives each method's requestType (enums as their names).
interface DescribedField {
  name: string;
  number: number;
  label: string;
  type: string;
}

/**
 * A copy of a server's package definition whose request deserializers never throw: bytes that are malformed, or
 * whose int32 fields hold a varint outside int32, become an InvalidRequest naming the field, which the handlers
 * answer with INVALID_ARGUMENT (a throw here would be grpc-js's INTERNAL "Error deserializing request", and
 * protobufjs alone would silently truncate 2^32 + 5 to 5). A valid request is decoded by the original
 * deserializer, so handlers see the same objects as before; the extra pass over a request of a few bytes is noise.
 */
export function withStrictRequests(pkg: PackageDefinition): PackageDefinition {
  return mapServiceMethods(pkg, (def) => ({ ...def, requestDeserialize: strictDeserializer(def) }));
}

/** The request message of a method, as the strict decoder checks it (exported for tests). */
export function int32MessageOf(def: MethodDefinition<object, object>): Int32Message {
  const type = def.requestType.type as { name: string; field?: DescribedField[] };
  const int32 = (type.field ?? []).filter((f) => f.type === 'TYPE_INT32' && f.label !== 'LABEL_REPEATED');
  return { name: type.name, int32Fields: new Map(int32.map((f) => [f.number, f.name])) };
}

function strictDeserializer(def: MethodDefinition<object, object>): (bytes: Buffer) => object {
  const message = int32MessageOf(def);
  const original = def.requestDeserialize;
  return (bytes) => {
    const problem = int32WireProblem(bytes, message);
    if (problem !== null) return invalidRequest(problem);
    try {
      return original(bytes);
    } catch (error) {
      return invalidRequest(`request is not a valid ${message.name}: ${(error as Error).message}`);
    }
  };
}
