import { clone, createFileRegistry, type DescFile, type DescService } from '@bufbuild/protobuf';
import { FieldDescriptorProto_Type, FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';

/**
 * The services with every int32 field of their request messages read as an int64: the same wire encoding (a varint;
 * a negative int32 is sign-extended to 64 bits), so every client's requests decode, but a varint outside int32 comes
 * through whole. protobuf-es reads an int32 as the low 32 bits of any varint (2^32 + 5 becomes 5), and connect-es has
 * no hook before decoding, so this is how a count the gRPC servers refuse (withStrictRequests) is refused here too:
 * the handlers check the full value. Replies are untouched; JSON requests decode as before (int64 takes numbers).
 */
export function withWideIntRequests(services: DescService[]): DescService[] {
  const widened = new Map<DescFile, ReturnType<typeof createFileRegistry>>();
  return services.map((service) => {
    let registry = widened.get(service.file);
    if (!registry) widened.set(service.file, (registry = widenFile(service.file, services)));
    return registry.getService(service.typeName)!;
  });
}

function widenFile(file: DescFile, services: DescService[]) {
  const proto = clone(FileDescriptorProtoSchema, file.proto);
  const requests = new Set(
    services.filter((s) => s.file === file).flatMap((s) => s.methods.map((m) => m.input.typeName)),
  );
  for (const message of proto.messageType) {
    if (!requests.has(`${proto.package}.${message.name}`)) continue;
    for (const field of message.field)
      if (field.type === FieldDescriptorProto_Type.INT32) field.type = FieldDescriptorProto_Type.INT64;
  }
  // Imports (google/protobuf/timestamp.proto for shapes.proto) resolve to the descriptors the file was built with.
  return createFileRegistry(proto, (name) => file.dependencies.find((dep) => dep.proto.name === name));
}
