import { CallOptions, Metadata, status as GrpcStatus, ServiceError } from '@grpc/grpc-js';
import type { Observable, Observer } from 'rxjs';
import { SERIALIZER_METADATA, type ProtobufCodec, type ShapeProtobufCodec } from '@app/codecs';
import { DEFAULT_SHAPE, getShape, ShapeName } from '@app/shapes';
import { RowForm, RowSink, StreamedRows, StreamingRowsTransport, TargetInfo } from '@app/bench';
import { GrpcCallPhases } from './grpc-call-phases';
import { payloadBytesOf } from './measured-package-definition';
import { grpcFailure, TransportError } from '@app/bench';
import { ClientFdLimitError } from './client-fd-limit.error';

/** One message of any shape's stream: the shape's rowsField, as proto-loader decodes it. */
type RowsMessage = Record<string, unknown>;

/**
 * A service as Nest's ClientGrpc.getService gives it; a server-streaming method returns an Observable of messages.
 * Typed loosely, as NestGrpcService, so SampleServiceClient passes as it is.
 */
export type NestGrpcStreamService = object;
type StreamMethods = Record<
  string,
  (request: object, metadata: Metadata, options: CallOptions) => Observable<RowsMessage>
>;

/**
 * gRPC server streaming (the shape's streamMethod: StreamSamples for `row`) through Nest's ClientGrpc, built exactly as
 * the `grpc` variant's client: only the message form (a stream of messages, not one) differs. Each message's rows go to
 * the sink as it arrives and are not kept; payload bytes and decode come from the measured deserializer, headers and
 * the server-timing trailer from grpcPhaseInterceptor. With a `serializer` (grpc-stream-static) the call names it to
 * the server (request metadata) and the client's service definition decodes each message with it (withResponseCodec);
 * each message's rows go to the sink in their JSON form (its toJsonRows), as the engine turns a protobuf chunk into it
 * (canonicalFromProtobuf) for the proto-loader stream.
 */
export class GrpcStreamTransport implements StreamingRowsTransport {
  readonly kind = 'grpc' as const;
  readonly streaming = true as const;
  readonly target: TargetInfo;
  readonly rowForm: RowForm;
  private readonly method: string;
  private readonly rowsField: string;
  private readonly serializer: { name: string; codec: ShapeProtobufCodec } | null;

  readonly shape: ShapeName;

  constructor(
    /** The shape's service (its registry entry's grpcService), from the client built for it. */
    private readonly service: NestGrpcStreamService,
    address: string,
    /** Longest silence allowed between two messages (or before the first), in ms. */
    private readonly timeoutMs: number,
    { shape = DEFAULT_SHAPE, serializer }: { shape?: ShapeName; serializer?: ProtobufCodec } = {},
  ) {
    this.shape = shape;
    this.target = { server: 'grpc-server', address };
    ({ streamMethod: this.method, rowsField: this.rowsField } = getShape(shape));
    this.serializer = serializer ? { name: serializer.name, codec: serializer.forShape(getShape(shape)) } : null;
    this.rowForm = this.serializer ? 'serializer' : 'protobuf';
  }

  streamRows(count: number, chunkRows: number, sink: RowSink, signal?: AbortSignal): Promise<StreamedRows> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const phases = new GrpcCallPhases();
      let payloadBytes = 0;
      let chunks = 0;
      let rows = 0;
      let settled = false;
      const settle = (error: unknown, result?: StreamedRows) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        // Unsubscribing a call that has not ended cancels it (Nest's teardown calls call.cancel()): the server sees
        // CANCELLED and stops generating.
        subscription?.unsubscribe();
        if (error === undefined) resolve(result!);
        else reject(error);
      };
      // An idle timeout rather than one for the whole stream: a stream's length is bounded by MAX_STREAM_ROWS in
      // rows, so its time is not; a server that stops sending is what a timeout should catch. A plain timer
      // refreshed per message, as GrpcTransport's plain timer rather than rxjs's timeout operator.
      const timer = setTimeout(
        () =>
          settle(
            new TransportError(
              'timeout',
              this.target,
              `no message within ${this.timeoutMs} ms`,
              rows > 0 ? rows : undefined,
            ),
          ),
        this.timeoutMs,
      );
      const onAbort = () => settle(abortReason(signal!));
      signal?.addEventListener('abort', onAbort, { once: true });
      let subscription: { unsubscribe(): void } | undefined;
      const metadata = new Metadata();
      if (this.serializer !== null) metadata.set(SERIALIZER_METADATA, this.serializer.name);
      const messages = (this.service as StreamMethods)[this.method](
        { count, offset: 0, chunk_rows: chunkRows },
        metadata,
        phases.callOptions(),
      );
      const observer: Partial<Observer<RowsMessage>> = {
        next: (message: RowsMessage) => {
          if (settled) return;
          timer.refresh();
          const bytes = payloadBytesOf(message);
          if (bytes === undefined)
            return settle(
              new Error('gRPC client was built without withPayloadByteCounts: payload size cannot be measured'),
            );
          const messageRows = this.serializer ? this.serializer.codec.toJsonRows(message) : message[this.rowsField];
          if (!Array.isArray(messageRows))
            return settle(new TransportError('bad-response', this.target, `a message has no ${this.rowsField}`, rows));
          phases.received(message);
          payloadBytes += bytes;
          chunks++;
          rows += messageRows.length;
          try {
            sink.push(messageRows);
          } catch (error) {
            // The engine refused the chunk (e.g. a verification mismatch): stop the stream and say why.
            settle(error);
          }
        },
        error: (error: unknown) => settle(this.toTransportError(error, rows)),
        complete: () => settle(undefined, { payloadBytes, chunks, phases: phases.finishStream() }),
      };
      subscription = messages.subscribe(observer);
      // A call that failed synchronously settled before `subscription` was assigned; cancel it now.
      if (settled) subscription.unsubscribe();
    });
  }

  private toTransportError(error: unknown, rows: number): TransportError | ClientFdLimitError {
    if (error instanceof TransportError) return error;
    // grpc-js folds a socket's EMFILE into UNAVAILABLE's details: the client's own limit, not the server's.
    const ownLimit = ClientFdLimitError.from(error, `connecting to ${this.target.server} at ${this.target.address}`);
    if (ownLimit) return ownLimit;
    const e = error as Partial<ServiceError>;
    const detail = `${GrpcStatus[e.code as number] ?? 'error'}: ${e.details ?? e.message ?? String(error)}`;
    const rowsReceived = rows > 0 ? rows : undefined;
    return new TransportError(grpcFailure(e.code), this.target, detail, rowsReceived);
  }
}

// What an aborted stream rejects with: the reason its owner gave to abort(), as fetch does.
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('the stream was aborted');
}
