import type { RowsDigest } from '@app/data-generator';
import type { Options, PackageDefinition } from '@grpc/proto-loader';
import type { Root } from 'protobufjs';

/** A row in its proto3 JSON form, as JSON.parse gives it back: what a JSON reply carries and what checksums read. */
export type JsonRow = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonRow;

/**
 * A row as the protobuf side holds it: the proto's own field names (proto-loader's keepCase), 64-bit integers as
 * decimal strings, enums as names, bytes as a Buffer, a Timestamp as { seconds, nanos }. It is both what
 * proto-loader's serializer accepts and what its deserializer gives back (longs: String, enums: String).
 */
export type MessageRow = object;

/** Receives a shape's rows in JSON form in order, in chunks of any size, and gives the digest they share. */
export interface ShapeChecksumAccumulator {
  add(rows: Iterable<JsonRow>): this;
  readonly rows: number;
  digest(): RowsDigest;
}

/**
 * An upper bound of what one row adds to a reply, in bytes: its JSON text plus one separator (`,` in an array, `\n`
 * in NDJSON), and its protobuf record in the rows message (field tag, length, row). What servers reserve memory by
 * before they build a reply, so it must never be below a real row.
 */
export interface RowBytes {
  json: number;
  protobuf: number;
}

/** One message shape: its protobuf messages, its deterministic rows, their JSON form and their checksum. */
export interface Shape<R extends MessageRow = MessageRow> {
  /** The name users select it by (`?shape=`, `--shapes`). */
  name: string;
  /** One line for tables, --help and docs/shapes.md. */
  description: string;
  /**
   * The proto file that declares it, relative to the repository root (the user's: absolute; load it with protoRoot /
   * packageDefinition).
   */
  protoFile: string;
  /** Fully-qualified name of one row's message. */
  rowMessage: string;
  /** Fully-qualified name of the message one reply carries, and its repeated field of rows. */
  rowsMessage: string;
  rowsField: string;
  /**
   * The gRPC service that serves it (fully-qualified, in protoFile) and its two methods, which take the fields of
   * sample.GetSamplesParam and sample.StreamSamplesParam: `unaryMethod` returns one rowsMessage, `streamMethod` a
   * stream of them.
   */
  grpcService: string;
  unaryMethod: string;
  streamMethod: string;
  /** Row i: the same value for the same i, every run, on every machine. */
  row(i: number): R;
  /** Rows offset .. offset + count - 1 (row numbers must fit an int32). */
  rows(count: number, offset?: number): R[];
  /**
   * Rows in their JSON form directly, for a shape whose rows are their own JSON form (`row`): no per-row
   * conversion, no copy. Absent: rows(count, offset).map(toJson) (see jsonRowsOf).
   */
  jsonRows?(count: number, offset?: number): JsonRow[];
  /** The bound of RowBytes for every row numbered 0 .. lastRowNum. */
  maxRowBytes(lastRowNum: number): RowBytes;
  /** The row's proto3 JSON form (also accepts what proto-loader decodes, which has the same layout as R). */
  toJson(row: R): JsonRow;
  /** A fresh checksum over rows in JSON form. */
  newChecksum(): ShapeChecksumAccumulator;
  /**
   * Only for a shape whose rows depend on a setting (`binary`: BINARY_BLOB_BYTES): what a checksum mismatch may mean,
   * appended to the error, so a client and a server configured apart are named as such, not as a corrupt reply.
   */
  mismatchHint?: string;
  /**
   * Only for a shape whose rows depend on a setting: its variable and this process's value. Servers report theirs
   * (ResourceSnapshot.shapeSettings), so the engine can refuse a server set apart before anything is timed; a result
   * records the value under `resultField`.
   */
  setting?: ShapeSetting;
  /** Only for a shape built from the user's own proto and sample: where it came from, for results. */
  source?: ShapeSource;
  /**
   * Only for a shape whose messages are not all in a file of proto/ (the user's: its wrapper and service are
   * declared at run-time): its types, loaded (keepCase) and resolved, to use instead of loadProtoRoot(protoFile)...
   */
  protoRoot?: Root;
  /** ...and its package definition (pass @app/grpc's LOADER_OPTIONS), to serve or call instead of loading protoFile. */
  packageDefinition?(options: Options): PackageDefinition;
}

/** A setting a shape's rows depend on (`binary`: BINARY_BLOB_BYTES). */
export interface ShapeSetting {
  variable: string;
  value: number;
  /** The field of a scenario's result that records the value (`blobBytes`). */
  resultField: 'blobBytes';
}

/** The user's message: what it was built from, with the SHA-256 of the files, as results record it. */
export interface ShapeSource {
  /** Absolute path of the proto file the user named. */
  protoFile: string;
  /** Fully-qualified name of the row message (pkg.Msg). */
  message: string;
  /** Absolute path of the sample JSON file. */
  sampleFile: string;
  /** The proto name of the field the row number is written into. */
  counterField: string;
  /** SHA-256 (hex) over the proto file and the local files it imports, in load order. */
  protoSha256: string;
  /** SHA-256 (hex) of the sample file's bytes. */
  sampleSha256: string;
}
