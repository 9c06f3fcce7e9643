import type { JsonRow, ShapeName } from '@app/shapes';
import type { ServerPhases } from '@app/server-timing';
import type { TransportKind } from '../scenario/scenario.interface';
import type { TargetInfo } from '../scenario/target-info';

export type { TargetInfo } from '../scenario/target-info';

/**
 * What the client learned about one request besides its rows, in ms from the moment the transport issued it
 * (PhaseClock). A phase the path does not have, or that could not be read, is null and `notes` says why.
 */
export interface ClientPhases {
  /** Issue -> first byte of the response (HTTP: status line and headers; gRPC: response headers). */
  ttfbMs: number | null;
  /** Issue -> last byte of the response body. */
  ttlbMs: number | null;
  /** Gunzip of the body, for compressed variants; null when the body was not compressed. */
  decompressMs: number | null;
  /** Bytes -> JS objects (JSON.parse / protobuf decode). */
  decodeMs: number | null;
  /** What the server reported in its Server-Timing header or trailer. */
  server: ServerPhases;
  notes: string[];
}

/**
 * How the rows a transport hands over are laid out, so the engine can hash them all alike: `json`, each row in its
 * proto3 JSON form as JSON.parse gives it back (what checksums read); `protobuf`, each row as the protobuf
 * deserializer gives it back, which the engine turns into the JSON form (canonicalFromProtobuf) before hashing:
 * after the clock stops for a one-message reply, chunk by chunk for a stream. A property of the transport, not of a
 * reply: it says what it decodes before its first chunk arrives, and no transport converts rows on the clock.
 * `serializer`: the reply as another protobuf serializer decoded it (@app/codecs), whose own conversion
 * (FetchedRows.jsonRows, the codec's toJsonRows) gives the JSON form, likewise after the clock; a stream's chunks
 * (grpc-stream-static) arrive at the sink already so converted, chunk by chunk as the protobuf ones are.
 */
export type RowForm = 'json' | 'protobuf' | 'serializer';

/**
 * What every transport says about the rows it fetches: which shape it asks the server for, and in what form it hands
 * them over.
 */
export interface FetchesShape {
  /** The message shape (@app/shapes) the transport was built for; a transport asks for one shape only. */
  readonly shape: ShapeName;
  readonly rowForm: RowForm;
}

/** What one request returned: the decoded rows and the payload size the transport measured on arrival. */
export interface FetchedRows {
  /** In the transport's rowForm; empty for rowForm `serializer`, whose rows `jsonRows` gives. */
  rows: object[];
  /** rowForm `serializer`: the reply's rows in their JSON form, which the engine calls after its clock stops. */
  jsonRows?: () => Iterable<JsonRow>;
  /** Bytes of the response body (JSON text / protobuf message) as received, before decoding (and after gunzip). */
  payloadBytes: number;
  /** The per-phase breakdown; absent for a transport that does not measure phases. */
  phases?: ClientPhases;
}

/**
 * One client transport: turns "fetch N rows" into a real request. The promise settles when the response is
 * fully received and decoded into JS objects, which is where the engine stops its clock.
 */
export interface RowsTransport extends FetchesShape {
  readonly kind: TransportKind;
  readonly target: TargetInfo;
  /** `signal` aborts the request in flight (the caller left, or another request of the run failed). */
  fetchRows(count: number, signal?: AbortSignal): Promise<FetchedRows>;
}

/** Where a streaming transport hands rows as they arrive; the engine counts and checksums each chunk, in order. */
export interface RowSink {
  /** One chunk, in order; the transport keeps no reference to it afterwards, so no layer holds all rows. */
  push(rows: object[]): void;
}

/** What a whole stream measured; the rows themselves went to the sink. */
export interface StreamedRows {
  /** Bytes of the response bodies as received (protobuf messages / NDJSON text), before decoding. */
  payloadBytes: number;
  /** Chunks handed to the sink (gRPC messages, or NDJSON reads as decoded). */
  chunks: number;
  phases?: ClientPhases;
}

/**
 * A transport whose rows arrive in chunks (gRPC server streaming, NDJSON): it asks for `count` rows in chunks of
 * `chunkRows`, hands each decoded chunk to `sink` as it arrives and settles when the last row has been received and
 * decoded, which is where the engine stops its clock. `signal` aborts the stream (the server must see a cancel).
 * A failure after some rows rejects with a TransportError whose `rowsReceived` says how many had arrived.
 * The unary transports are the one-chunk case of the same idea: fetchRows hands back its one chunk.
 */
export interface StreamingRowsTransport extends FetchesShape {
  readonly kind: TransportKind;
  readonly target: TargetInfo;
  readonly streaming: true;
  streamRows(count: number, chunkRows: number, sink: RowSink, signal?: AbortSignal): Promise<StreamedRows>;
}
