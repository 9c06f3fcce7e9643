import type { Metadata, CallOptions, ServerUnaryCall, ServerWritableStream } from '@grpc/grpc-js';
import type { Observable } from 'rxjs';
import type { Row } from '@app/data-generator';

/** Mirrors `proto/sample.proto`; the field names are the proto's. */
export interface GetSamplesParam {
  count: number;
}

/** StreamSamples: rows offset .. offset + count - 1 in messages of chunk_rows rows. */
export interface StreamSamplesParam {
  count: number;
  offset: number;
  chunk_rows: number;
}

export interface Samples {
  samples: Row[];
}

/** What the server's handler implements; the request metadata may ask for sliced encoding (SLICE_ROWS_METADATA). */
export interface SampleServiceController {
  /** Nest hands a unary handler the grpc-js call as its third argument too: a cancelled call gets nothing built. */
  getSamples(
    param: GetSamplesParam,
    metadata: Metadata,
    call: ServerUnaryCall<GetSamplesParam, Samples>,
  ): Samples | Promise<Samples>;
  /** Nest hands a server-streaming handler the grpc-js call as its third argument; it writes the messages itself. */
  streamSamples(
    param: StreamSamplesParam,
    metadata: Metadata,
    call: ServerWritableStream<StreamSamplesParam, Samples>,
  ): Observable<never>;
}

/** What ClientGrpc.getService returns; metadata and call options (e.g. a deadline) pass through to grpc-js. */
export interface SampleServiceClient {
  getSamples(param: GetSamplesParam, metadata?: Metadata, options?: CallOptions): Observable<Samples>;
  /** One Samples per message; unsubscribing cancels the call. */
  streamSamples(param: StreamSamplesParam, metadata?: Metadata, options?: CallOptions): Observable<Samples>;
}
