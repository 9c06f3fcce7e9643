import {
  FileDescriptorProto,
  IDescriptorProto,
  IEnumDescriptorProto,
  IFileDescriptorProto,
} from 'protobufjs/ext/descriptor';

/** Fully-qualified names (`.pkg.Outer.Inner`) of every message and enum a file declares, nested ones included. */
function declaredTypes(file: IFileDescriptorProto): string[] {
  const names: string[] = [];
  const visit = (scope: string, messages: IDescriptorProto[] = [], enums: IEnumDescriptorProto[] = []) => {
    for (const e of enums) names.push(`${scope}.${e.name}`);
    for (const m of messages) {
      names.push(`${scope}.${m.name}`);
      visit(`${scope}.${m.name}`, m.nestedType ?? [], m.enumType ?? []);
    }
  };
  visit(file.package ? `.${file.package}` : '', file.messageType ?? [], file.enumType ?? []);
  return names;
}

/** Every type name a file refers to, with the scope a relative one is resolved from (protobuf's scoping rules). */
function references(file: IFileDescriptorProto): { name: string; scope: string }[] {
  const refs: { name: string; scope: string }[] = [];
  const pkg = file.package ? `.${file.package}` : '';
  const visit = (scope: string, messages: IDescriptorProto[] = []) => {
    for (const m of messages) {
      const inner = `${scope}.${m.name}`;
      for (const field of m.field ?? []) if (field.typeName) refs.push({ name: field.typeName, scope: inner });
      visit(inner, m.nestedType ?? []);
    }
  };
  visit(pkg, file.messageType ?? []);
  for (const service of file.service ?? []) {
    for (const method of service.method ?? []) {
      for (const type of [method.inputType, method.outputType]) if (type) refs.push({ name: type, scope: pkg });
    }
  }
  return refs;
}

// An absolute name as is; a relative one from the innermost enclosing scope outwards, as protoc resolves it.
function resolve(name: string, scope: string, known: Map<string, string>): string | undefined {
  if (name.startsWith('.')) return known.get(name);
  for (let s = scope; ; s = s.slice(0, s.lastIndexOf('.'))) {
    const found = known.get(`${s}.${name}`);
    if (found !== undefined || s === '') return found;
  }
}

/**
 * Declares, in each of a load's encoded FileDescriptorProtos, the files it uses types from (`dependency`, what
 * protoc writes for each `import`). proto-loader's descriptors (protobufjs's toDescriptor, one file per package)
 * declare none, so a strict client (Go's protodesc under grpcurl) could not resolve shapes.proto's
 * google.protobuf.Timestamp although server reflection sends that file along. Files that use no other file's types
 * come back with the same content.
 */
export function declareImports(encoded: readonly Uint8Array[]): Uint8Array[] {
  const files = encoded.map((bytes) => FileDescriptorProto.decode(bytes) as IFileDescriptorProto);
  const fileOf = new Map<string, string>();
  for (const file of files) for (const type of declaredTypes(file)) fileOf.set(type, file.name ?? '');
  return files.map((file, k) => {
    const used = new Set(references(file).map((ref) => resolve(ref.name, ref.scope, fileOf)));
    const imports = [...used].filter(
      (name): name is string => name !== undefined && name !== file.name && !(file.dependency ?? []).includes(name),
    );
    if (imports.length === 0) return encoded[k];
    file.dependency = [...(file.dependency ?? []), ...imports.sort()];
    return FileDescriptorProto.encode(file).finish();
  });
}
