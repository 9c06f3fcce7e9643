import { fromJSON, Options, PackageDefinition } from '@grpc/proto-loader';
import { Namespace, ReflectionObject, Root, Service, Type } from 'protobufjs';
import { FileDescriptorProto, IFileDescriptorProto } from 'protobufjs/ext/descriptor';
import { USER_PACKAGE } from './user-service';

/**
 * proto-loader's package definition of the user's proto plus wirebench.user, with descriptors that strict clients
 * resolve. protobufjs writes one file per package, names types relative to the referring scope and lists no
 * imports, so grpcurl (Go's protodesc) could not find `Rows.rows`' type nor a Timestamp in the user's message: each
 * file here imports the files of the packages its types refer to, and the wrapper names the row type in full.
 */
export function userPackageDefinition(root: Root, message: string, options: Options): PackageDefinition {
  const pkg = fromJSON(root.toJSON(), options);
  const imports = packageImports(root);
  const fixed = new Set<Buffer[]>();
  for (const definition of Object.values(pkg)) {
    const files = (definition as { fileDescriptorProtos?: Buffer[] }).fileDescriptorProtos;
    // proto-loader shares one array among every type of a load: fix it once.
    if (!Array.isArray(files) || fixed.has(files)) continue;
    fixed.add(files);
    const decoded = files.map((b) => FileDescriptorProto.decode(b) as unknown as IFileDescriptorProto);
    const fileOfPackage = new Map(decoded.map((f) => [f.package ?? '', f.name!]));
    decoded.forEach((file, k) => {
      if (file.package === USER_PACKAGE)
        for (const type of file.messageType ?? [])
          for (const field of type.field ?? [])
            if (type.name === 'Rows' && field.name === 'rows') field.typeName = `.${message}`;
      file.dependency = [...(imports.get(file.package ?? '') ?? [])].map((p) => fileOfPackage.get(p)!).filter(Boolean);
      files[k] = Buffer.from(FileDescriptorProto.encode(FileDescriptorProto.fromObject(file as never)).finish());
    });
  }
  return pkg;
}

/** For each package, the other packages its messages' fields and its services' methods refer to. */
function packageImports(root: Root): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  const refer = (from: ReflectionObject, to: ReflectionObject | null) => {
    if (!to) return;
    const [a, b] = [packageOf(from), packageOf(to)];
    if (a !== b) (imports.get(a) ?? imports.set(a, new Set()).get(a)!).add(b);
  };
  const visit = (ns: Namespace) => {
    for (const object of ns.nestedArray) {
      if (object instanceof Type) for (const field of object.fieldsArray) refer(object, field.resolve().resolvedType);
      if (object instanceof Service)
        for (const method of object.methodsArray) {
          method.resolve();
          refer(object, method.resolvedRequestType);
          refer(object, method.resolvedResponseType);
        }
      if (object instanceof Namespace) visit(object);
    }
  };
  visit(root);
  return imports;
}

/** The package a declaration is in: its nearest enclosing namespace that is not a message. */
function packageOf(object: ReflectionObject): string {
  let ns = object.parent;
  while (ns instanceof Type) ns = ns.parent;
  return (ns?.fullName ?? '').replace(/^\./, '');
}
