import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fromBinary, toBinary, toJson } from '@bufbuild/protobuf';
import { Namespace, Type } from 'protobufjs';
import { canonicalJson, CanonicalChecksumAccumulator } from '../canonical-json';
import { proto3JsonConverter } from '../proto3-json';
import { rowsOf } from '../row-range';
import type { JsonRow, JsonValue, MessageRow, Shape } from '../shape.interface';
import { counterField } from './counter-field';
import { loadUserProto } from './load-user-proto';
import { parseSampleByMapping } from './sample-round-trip';
import { checkSupportedFields } from './supported-fields';
import { checkPackageFree, declareUserService } from './user-service';
import { userFileRegistry } from './user-file-registry';
import { userPackageDefinition } from './user-package-definition';
import { UserShapeError } from './user-shape-error';
import { USER_SHAPE_NAME } from './user-shape-registration';

export interface UserShapeOptions {
  protoFile: string;
  /** Fully-qualified message name, e.g. shop.v1.Order. */
  message: string;
  sampleFile: string;
  /** The field the row number goes into (proto or JSON name); by default the message's first integer field. */
  counterField?: string;
}

// proto-loader's decoding (libs/grpc LOADER_OPTIONS): the form every shape's rows have on the protobuf side.
const ROW_FORM = { longs: String, enums: String, defaults: true, oneofs: true };

/**
 * The `user` shape: rows of the user's own message, the sample repeated with row i's number in the counter field,
 * served through a wrapper and service declared at run-time in wirebench.user. Throws UserShapeError (one line)
 * when the proto does not load, the message is not in it, no counter field fits, or the sample does not survive
 * the proto3 JSON mapping unchanged. Everything is checked here, at start-up, never while rows are served.
 */
export function userShape(options: UserShapeOptions): Shape {
  const { root, protoFile, sha256: protoSha256 } = loadUserProto(options.protoFile);
  checkPackageFree(root);
  const type = root.lookup(options.message.replace(/^\./, ''));
  if (!(type instanceof Type)) {
    const messages = messageNames(root);
    throw new UserShapeError(
      `no message ${options.message} in ${options.protoFile}: it declares ${messages.join(', ') || 'no messages'}`,
      'message',
    );
  }
  const message = type.fullName.slice(1);
  checkSupportedFields(type);
  const registry = userFileRegistry(root, type.filename!);
  const schema = registry.getMessage(message)!;
  let sampleBytes: Buffer;
  try {
    sampleBytes = readFileSync(options.sampleFile);
  } catch (error) {
    throw new UserShapeError(
      `cannot read sample ${options.sampleFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      'sample',
    );
  }
  const sample = parseSampleByMapping(sampleBytes.toString('utf8'), schema, registry);
  const counter = counterField(type, options.counterField);
  const service = declareUserService(root, message);

  // The sample in proto-loader's form, by way of its binary encoding: exactly what a gRPC client decodes (from a
  // Buffer, so bytes fields are Buffers too).
  const sampleRow = type.toObject(type.decode(Buffer.from(toBinary(schema, sample))), ROW_FORM);
  const row = (i: number): MessageRow => ({ ...sampleRow, [counter.field.name]: counter.value(i) });
  const toJsonRow = proto3JsonConverter(type);
  // A row as proto-loader puts it on the wire, printed by the conformant mapping: what our JSON form must equal.
  const onTheWire = fromBinary(schema, type.encode(type.fromObject(row(0))).finish());
  checkJsonForm(
    toJsonRow(row(0)),
    toJson(schema, onTheWire, { alwaysEmitImplicit: true, registry }) as JsonRow,
    message,
  );

  return {
    name: USER_SHAPE_NAME,
    description:
      `your message ` + `${message} (${options.protoFile}): the sample repeated, row number in ${counter.field.name}`,
    protoFile,
    rowMessage: message,
    rowsMessage: service.rowsMessage,
    rowsField: 'rows',
    grpcService: service.grpcService,
    unaryMethod: 'GetRows',
    streamMethod: 'StreamRows',
    row,
    rows: (count, offset) => rowsOf(row, count, offset),
    toJson: (r) => toJsonRow(r),
    // Rows differ only in the counter, whose JSON digits and varint never shrink as the row number grows (zigzag
    // and fixed-width fields included): the last row is the widest, in both encodings.
    maxRowBytes: (lastRowNum) => {
      const widest = row(Math.max(0, lastRowNum));
      const rowsType = root.lookupType(service.rowsMessage);
      return {
        json: Buffer.byteLength(JSON.stringify(toJsonRow(widest))) + 1,
        protobuf: rowsType.encode(rowsType.fromObject({ rows: [widest] })).finish().length,
      };
    },
    newChecksum: () => new CanonicalChecksumAccumulator(),
    source: {
      protoFile,
      message,
      sampleFile: resolve(options.sampleFile),
      counterField: counter.field.name,
      protoSha256,
      sampleSha256: createHash('sha256').update(sampleBytes).digest('hex'),
    },
    protoRoot: root,
    packageDefinition: (loaderOptions) => userPackageDefinition(root, message, loaderOptions),
  };
}

/** The messages a user may name: the proto's own (nested ones too), not the bundled google.protobuf ones. */
function messageNames(ns: Namespace): string[] {
  const names = ns.nestedArray.flatMap((o): string[] =>
    o instanceof Type ? [o.fullName.slice(1), ...messageNames(o)] : o instanceof Namespace ? messageNames(o) : [],
  );
  return names.filter((n) => !n.startsWith('google.protobuf.'));
}

/**
 * The JSON servers write rows with the shapes' own converter (fast, and shared with the checksum); it must agree
 * with the conformant mapping on this message's rows, or a row would travel in a form the mapping does not give. It
 * covers what the built-in shapes use (Timestamp, enums, maps, 64-bit integers, bytes); other well-known types
 * (Duration, wrappers, Struct, Any...) are refused here by the field that holds one.
 */
function checkJsonForm(ours: JsonRow, theirs: JsonRow, message: string): void {
  if (canonicalJson(ours) === canonicalJson(theirs)) return;
  const path = firstDifference(ours, theirs, '');
  throw new UserShapeError(
    `cannot serve ${message} yet: its field ` +
      `"${path}" is written in a JSON form wirebench does not produce (well-known types other than Timestamp ` +
      `are not supported)`,
    'message',
  );
}

function firstDifference(a: JsonValue, b: JsonValue, path: string): string {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const x = (a as Record<string, JsonValue>)[key];
      const y = (b as Record<string, JsonValue>)[key];
      if (canonicalJson(x ?? null) !== canonicalJson(y ?? null))
        return firstDifference(
          x ?? null,
          y ?? null,
          Array.isArray(a) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
        );
    }
  }
  return path;
}
