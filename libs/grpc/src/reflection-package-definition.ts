import { loadSync, PackageDefinition } from '@grpc/proto-loader';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { declareImports } from './declare-imports';
import { fixMapEntries } from './fix-map-entries';
import { LOADER_OPTIONS } from './grpc-options.factory';

/**
 * What server reflection describes: the server's own package plus grpc.health.v1, with every file descriptor
 * repaired where proto-loader's conversion differs from protoc (map entries, imports), so strict clients accept it.
 */
export function reflectionPackageDefinition(pkg: PackageDefinition): PackageDefinition {
  const merged: PackageDefinition = { ...pkg, ...loadSync(healthProtoPath, LOADER_OPTIONS) };
  // proto-loader shares one array of file bytes among all the types of a load: fix each array once.
  const fixed = new Map<Buffer[], Buffer[]>();
  const fix = (files: Buffer[]): Buffer[] => {
    if (!fixed.has(files))
      fixed.set(
        files,
        declareImports(files.map((file) => fixMapEntries(file))).map((file) => Buffer.from(file)),
      );
    return fixed.get(files)!;
  };
  return Object.fromEntries(
    Object.entries(merged).map(([name, definition]) => {
      const files = (definition as { fileDescriptorProtos?: Buffer[] }).fileDescriptorProtos;
      return [name, Array.isArray(files) ? { ...definition, fileDescriptorProtos: fix(files) } : definition];
    }),
  ) as PackageDefinition;
}
