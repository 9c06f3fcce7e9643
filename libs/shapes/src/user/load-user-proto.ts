import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { Enum, Namespace, ReflectionObject, Root, Type } from 'protobufjs';
import { UserShapeError } from './user-shape-error';

/**
 * The user's proto file and the local files it imports, loaded and resolved as proto-loader loads a file (keepCase).
 */
export interface UserProto {
  root: Root;
  /** Absolute path of the file the user named. */
  protoFile: string;
  /** SHA-256 (hex) over the user's file and its local imports, in load order: what results record. */
  sha256: string;
}

/**
 * Loads `protoFile` with protobufjs: `import "x.proto"` is looked for beside the importing file, then beside the
 * file the user named (the usual include root), and google/protobuf/*.proto come from protobufjs's bundled copies.
 * Only proto3 files are accepted: the rows' JSON form and the defaults the servers fill in follow proto3's rules.
 */
export function loadUserProto(protoFile: string): UserProto {
  const main = resolve(protoFile);
  const includeRoot = dirname(main);
  const root = new Root();
  root.resolvePath = (origin, target) => {
    if (isAbsolute(target)) return target;
    const besideImporter = origin ? join(dirname(origin), target) : resolve(target);
    return existsSync(besideImporter) ? besideImporter : join(includeRoot, target);
  };
  try {
    root.loadSync(main, { keepCase: true });
    root.resolveAll();
  } catch (error) {
    throw new UserShapeError(`cannot load proto ${protoFile}: ${oneLine(error)}`, 'proto');
  }
  // Files read from disk have absolute paths here; protobufjs's bundled google/protobuf ones keep their import name.
  const local = root.files.filter((file) => isAbsolute(file));
  for (const object of reflectionObjects(root)) {
    // protobufjs (7.4+) records each declaration's syntax or edition here, and has no public accessor for it.
    const edition = (object as unknown as { _edition?: string })._edition;
    if (object.filename && local.includes(object.filename) && edition !== undefined && edition !== 'proto3') {
      throw new UserShapeError(
        `cannot load proto ${protoFile}: ${object.filename} is ${edition}; only syntax = "proto3" files are supported`,
        'proto',
      );
    }
  }
  const hash = createHash('sha256');
  for (const file of local) hash.update(readFileSync(file));
  return { root, protoFile: main, sha256: hash.digest('hex') };
}

/** Every message and enum of the root, nested ones included. */
export function reflectionObjects(ns: Namespace): (Type | Enum)[] {
  return ns.nestedArray.flatMap((object: ReflectionObject) => {
    const own = object instanceof Type || object instanceof Enum ? [object] : [];
    return object instanceof Namespace ? [...own, ...reflectionObjects(object)] : own;
  });
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error))
    .replace(/\s+/g, ' ')
    .replace(/^Error: /, '')
    .trim();
}
