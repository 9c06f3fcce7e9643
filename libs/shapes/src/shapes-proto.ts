import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Root } from 'protobufjs';

/** The built-in shapes' proto file, relative to the repository root (beside proto/sample.proto). */
export const SHAPES_PROTO_FILE = join('proto', 'shapes.proto');
/** The article's row stays in its own file, unchanged. */
export const SAMPLE_PROTO_FILE = join('proto', 'sample.proto');

/**
 * Finds a file of the root `proto/` by walking up from `from`, so the same code works under ts-jest and from
 * dist/. The one finder of proto files: @app/grpc, which depends on this lib, uses it too.
 */
export function findProtoFile(file: string, from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, file);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`cannot find ${file} above ${from}`);
  }
}

const roots = new Map<string, Root>();

/**
 * The proto file's types with the proto's own field names (keepCase, as proto-loader loads them), resolved and
 * loaded once per process. google/protobuf/*.proto imports come from protobufjs's bundled copies.
 */
export function loadProtoRoot(file: string): Root {
  let root = roots.get(file);
  if (!root) {
    root = new Root().loadSync(findProtoFile(file), { keepCase: true });
    root.resolveAll();
    roots.set(file, root);
  }
  return root;
}
