import { fromJSON, Options, PackageDefinition } from '@grpc/proto-loader';
import { Root } from 'protobufjs';
import { FileDescriptorProto, IFileDescriptorProto } from 'protobufjs/ext/descriptor';
import { USER_PACKAGE } from './user-service';

/**
 * proto-loader's package definition of the user's proto plus wirebench.user. protobufjs's descriptors (which
 * reflection serves) name the wrapper's row type relatively and list no imports, so strict clients (grpcurl) could
 * not resolve `Rows.rows`: the wrapper's row type gets its full name, and each file imports the ones before it
 * (google.protobuf, then the user's packages in load order, then wirebench.user). A user package that refers to
 * one loaded after it stays unresolved for such clients (not for grpc-js, nor for wirebench's own clients).
 */
export function userPackageDefinition(root: Root, message: string, options: Options): PackageDefinition {
  const pkg = fromJSON(root.toJSON(), options);
  const fixed = new Map<Buffer[], Buffer[]>();
  for (const definition of Object.values(pkg)) {
    const files = (definition as { fileDescriptorProtos?: Buffer[] }).fileDescriptorProtos;
    if (!Array.isArray(files) || fixed.has(files)) continue;
    fixed.set(files, files);
    const decoded = files.map((b) => FileDescriptorProto.decode(b) as unknown as IFileDescriptorProto);
    // Imports without cycles: the well-known types first, the wrapper last, each file importing those before it.
    const rank = (f: IFileDescriptorProto) => (f.package === 'google.protobuf' ? 0 : f.package === USER_PACKAGE ? 2 : 1);
    const order = decoded.map((f, k) => ({ f, k })).sort((a, b) => rank(a.f) - rank(b.f) || a.k - b.k);
    order.forEach(({ f, k }, at) => {
      if (f.package === USER_PACKAGE) for (const type of f.messageType ?? []) for (const field of type.field ?? []) if (type.name === 'Rows' && field.name === 'rows') field.typeName = `.${message}`;
      f.dependency = order.slice(0, at).map((o) => o.f.name!);
      files[k] = Buffer.from(FileDescriptorProto.encode(FileDescriptorProto.fromObject(f as never)).finish());
    });
  }
  return pkg;
}
