import { protocCamelCase } from '@app/shapes';
import { FileDescriptorProto, IDescriptorProto, IFileDescriptorProto } from 'protobufjs/ext/descriptor';

/**
 * protoc's name for the implicit message behind a map field: `my_map` -> `MyMapEntry`. Strict descriptor
 * pools (Go's protodesc under grpcurl and ghz, Python's, C++'s) reject a map whose entry is named otherwise.
 */
export function mapEntryName(fieldName: string): string {
  return `${protocCamelCase(fieldName, true)}Entry`;
}

const LABEL_REPEATED = 3;
const TYPE_MESSAGE = 11;

function fixMessage(message: IDescriptorProto, scope: string): void {
  const fullName = `${scope}.${message.name}`;
  const claimed = new Set<IDescriptorProto>();
  for (const field of message.field ?? []) {
    if (field.label !== LABEL_REPEATED || field.type !== TYPE_MESSAGE || !field.typeName || !field.name) continue;
    // protobufjs (ext/descriptor, Field#toDescriptor) names the entry ucFirst(field) without "Entry" and refers
    // to it by that relative name; an entry is recognised by map_entry, not by its name.
    const entry = (message.nestedType ?? []).find(
      (nested) =>
        nested.options?.mapEntry &&
        !claimed.has(nested) &&
        (field.typeName === nested.name || field.typeName === `${fullName}.${nested.name}`),
    );
    if (!entry) continue;
    claimed.add(entry);
    entry.name = mapEntryName(field.name);
    field.typeName = `${fullName}.${entry.name}`;
  }
  for (const nested of message.nestedType ?? []) fixMessage(nested, fullName);
}

/**
 * Renames the implicit map entry types of one encoded FileDescriptorProto as protoc does, and points each map
 * field at its entry by its fully-qualified name. Files without maps come back with the same content.
 */
export function fixMapEntries(encoded: Uint8Array): Uint8Array {
  const file = FileDescriptorProto.decode(encoded) as IFileDescriptorProto;
  const scope = file.package ? `.${file.package}` : '';
  for (const message of file.messageType ?? []) fixMessage(message, scope);
  return FileDescriptorProto.encode(file).finish();
}
