import { create, createFileRegistry, DescFile, FileRegistry } from '@bufbuild/protobuf';
import * as wkt from '@bufbuild/protobuf/wkt';
import {
  DescriptorProto,
  DescriptorProtoSchema,
  EnumDescriptorProto,
  EnumDescriptorProtoSchema,
  FieldDescriptorProto,
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FieldDescriptorProtoSchema,
  FileDescriptorProto,
  FileDescriptorProtoSchema,
} from '@bufbuild/protobuf/wkt';
import { Enum, Field, Namespace, Root, Type } from 'protobufjs';
import { protocCamelCase, protoJsonName } from '../proto3-json';
import { reflectionObjects } from './load-user-proto';

const SCALAR_TYPES: Record<string, FieldDescriptorProto_Type> = {
  double: FieldDescriptorProto_Type.DOUBLE,
  float: FieldDescriptorProto_Type.FLOAT,
  int64: FieldDescriptorProto_Type.INT64,
  uint64: FieldDescriptorProto_Type.UINT64,
  int32: FieldDescriptorProto_Type.INT32,
  fixed64: FieldDescriptorProto_Type.FIXED64,
  fixed32: FieldDescriptorProto_Type.FIXED32,
  bool: FieldDescriptorProto_Type.BOOL,
  string: FieldDescriptorProto_Type.STRING,
  bytes: FieldDescriptorProto_Type.BYTES,
  uint32: FieldDescriptorProto_Type.UINT32,
  sfixed32: FieldDescriptorProto_Type.SFIXED32,
  sfixed64: FieldDescriptorProto_Type.SFIXED64,
  sint32: FieldDescriptorProto_Type.SINT32,
  sint64: FieldDescriptorProto_Type.SINT64,
};

// google/protobuf/*.proto by the types they declare (a DescFile's name has no .proto): @bufbuild/protobuf's own
// descriptors of the well-known types, which its JSON mapping recognises (Timestamp as RFC 3339, wrappers as plain
// values, ...).
const WELL_KNOWN_FILES = new Map<string, DescFile>(
  Object.values(wkt)
    .filter(
      (value): value is DescFile => typeof value === 'object' && value !== null && (value as DescFile).kind === 'file',
    )
    .flatMap((file) => [...file.messages, ...file.enums].map((desc) => [desc.typeName, file] as const)),
);

/**
 * A @bufbuild/protobuf registry of the user's proto, built from the protobufjs types it was loaded into:
 * protobufjs's own descriptor export names types relatively and maps unlike protoc, which protobuf-es's strict
 * registry rejects. One FileDescriptorProto per loaded file, named and fully qualified as protoc would.
 */
export function userFileRegistry(root: Root, mainFile: string): FileRegistry {
  const files = new Map<string, FileDescriptorProto>();
  const fileOf = (name: string): FileDescriptorProto => {
    let file = files.get(name);
    if (!file) files.set(name, (file = create(FileDescriptorProtoSchema, { name, syntax: 'proto3' })));
    return file;
  };
  const dependencies = new Map<string, Set<string>>();
  const depend = (from: string, typeName: string, filename: string | null): void => {
    const wellKnown = WELL_KNOWN_FILES.get(typeName);
    const to = wellKnown ? `${wellKnown.name}.proto` : filename;
    if (to && to !== from) (dependencies.get(from) ?? dependencies.set(from, new Set()).get(from)!).add(to);
  };
  for (const object of reflectionObjects(root)) {
    // Top-level declarations only (their parent is a package, not a message); nested ones come with their parent.
    if (object.parent instanceof Type || !object.filename || WELL_KNOWN_FILES.has(fullName(object))) continue;
    const file = fileOf(object.filename);
    file.package = fullName(object.parent as Namespace);
    if (object instanceof Type)
      file.messageType.push(
        messageDescriptor(object, (typeName, filename) => depend(object.filename!, typeName, filename)),
      );
    else file.enumType.push(enumDescriptor(object));
  }
  for (const [name, deps] of dependencies) fileOf(name).dependency = [...deps];
  return createFileRegistry(
    fileOf(mainFile),
    (name) => files.get(name) ?? [...WELL_KNOWN_FILES.values()].find((f) => `${f.name}.proto` === name),
  );
}

const fullName = (object: { fullName: string }): string => object.fullName.replace(/^\./, '');

type Depend = (typeName: string, filename: string | null) => void;

function messageDescriptor(type: Type, depend: Depend): DescriptorProto {
  // protoc lists the synthetic oneofs of proto3 `optional` fields after the real ones.
  const oneofs = [
    ...type.oneofsArray.filter((o) => !isSynthetic(o.fieldsArray)),
    ...type.oneofsArray.filter((o) => isSynthetic(o.fieldsArray)),
  ];
  const message = create(DescriptorProtoSchema, { name: type.name, oneofDecl: oneofs.map((o) => ({ name: o.name })) });
  for (const field of type.fieldsArray) {
    field.resolve();
    if (field.map) {
      const entryName = `${protocCamelCase(field.name, true)}Entry`;
      message.nestedType.push(
        create(DescriptorProtoSchema, {
          name: entryName,
          field: [
            valueField('key', 1, (field as Field & { keyType: string }).keyType, null, depend),
            valueField('value', 2, field.type, field.resolvedType, depend),
          ],
          options: { mapEntry: true },
        }),
      );
      message.field.push(
        create(FieldDescriptorProtoSchema, {
          name: field.name,
          number: field.id,
          jsonName: jsonNameOf(field),
          label: FieldDescriptorProto_Label.REPEATED,
          type: FieldDescriptorProto_Type.MESSAGE,
          typeName: `${type.fullName}.${entryName}`,
        }),
      );
      continue;
    }
    const descriptor = valueField(field.name, field.id, field.type, field.resolvedType, depend);
    descriptor.jsonName = jsonNameOf(field);
    if (field.repeated) descriptor.label = FieldDescriptorProto_Label.REPEATED;
    if (field.partOf) descriptor.oneofIndex = oneofs.indexOf(field.partOf);
    if (field.options?.proto3_optional) descriptor.proto3Optional = true;
    message.field.push(descriptor);
  }
  for (const nested of type.nestedArray) {
    if (nested instanceof Type) message.nestedType.push(messageDescriptor(nested, depend));
    else if (nested instanceof Enum) message.enumType.push(enumDescriptor(nested));
  }
  return message;
}

function valueField(
  name: string,
  number: number,
  typeName: string,
  resolved: Type | Enum | null,
  depend: Depend,
): FieldDescriptorProto {
  const field = create(FieldDescriptorProtoSchema, { name, number, label: FieldDescriptorProto_Label.OPTIONAL });
  if (resolved) {
    field.type = resolved instanceof Enum ? FieldDescriptorProto_Type.ENUM : FieldDescriptorProto_Type.MESSAGE;
    field.typeName = resolved.fullName;
    depend(fullName(resolved), resolved.filename);
  } else {
    field.type = SCALAR_TYPES[typeName];
  }
  return field;
}

function enumDescriptor(e: Enum): EnumDescriptorProto {
  return create(EnumDescriptorProtoSchema, {
    name: e.name,
    value: Object.entries(e.values).map(([name, number]) => ({ name, number })),
  });
}

const isSynthetic = (fields: Field[]): boolean => fields.length === 1 && fields[0].options?.proto3_optional === true;
const jsonNameOf = (field: Field): string =>
  (field.options?.json_name as string | undefined) ?? protoJsonName(field.name);
