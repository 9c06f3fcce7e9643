import { CallOptions, Metadata, status as GrpcStatus, ServiceError } from '@grpc/grpc-js';
import { Observable } from 'rxjs';
import { SLICE_ROWS_METADATA } from '@app/grpc';
import { SERIALIZER_METADATA, type ProtobufCodec, type ShapeProtobufCodec } from '@app/codecs';
import { DEFAULT_SHAPE, getShape, ShapeName } from '@app/shapes';
import { FetchedRows, RowForm, RowsTransport, TargetInfo } from '@app/bench';
import { GrpcCallPhases } from './grpc-call-phases';
import { payloadBytesOf } from './measured-package-definition';
import { grpcFailure, TransportError } from '@app/bench';
import { ClientFdLimitError } from './client-fd-limit.error';

export interface GrpcTransportOptions {
  /** grpc-sliced: ask the server to encode the reply in slices of this many rows (request metadata). */
  sliceRows?: number;
  /** The message shape to fetch (default `row`): its service's unary method, its rows field. */
  shape?: ShapeName;
  /**
   * Another serializer than proto-loader (grpc-static, grpc-es, grpc-tsproto): named to the server per call (request
   * metadata), and the one the client's service definition decodes the reply with (withResponseCodec), so the reply
   * arrives in its form and its toJsonRows gives the rows' JSON form after the clock.
   */
  serializer?: ProtobufCodec;
}

/** A reply of any shape: one repeated field of rows (the shape's rowsField), as proto-loader decodes it. */
type RowsReply = Record<string, unknown>;

/**
 * A service as Nest's ClientGrpc.getService gives it: each method by its proto name (and its camelCase alias), a
 * unary one returning an Observable of its reply. Typed loosely (any service object) so a typed client such as
 * SampleServiceClient passes as it is; the method is looked up by the shape's name.
 */
export type NestGrpcService = object;
type UnaryMethods = Record<
  string,
  (request: object, metadata: Metadata, options: CallOptions) => Observable<RowsReply>
>;

/**
 * Unary gRPC through Nest's ClientGrpc, as a Nest user would call the gRPC server. Phases are stamped when the
 * client's channelOptions carry grpcPhaseInterceptor and its package definition went through withPayloadByteCounts.
 */
export class GrpcTransport implements RowsTransport {
  readonly kind = 'grpc' as const;
  readonly target: TargetInfo;
  readonly shape: ShapeName;
  readonly rowForm: RowForm;
  private readonly sliceRows: string | null;
  private readonly method: string;
  private readonly rowsField: string;
  private readonly serializer: { name: string; codec: ShapeProtobufCodec } | null;

  constructor(
    /** The shape's service (its registry entry's grpcService), from the client built for it. */
    private readonly service: NestGrpcService,
    address: string,
    private readonly timeoutMs: number,
    options: GrpcTransportOptions = {},
  ) {
    this.target = { server: 'grpc-server', address };
    this.sliceRows = options.sliceRows === undefined ? null : String(options.sliceRows);
    this.shape = options.shape ?? DEFAULT_SHAPE;
    ({ unaryMethod: this.method, rowsField: this.rowsField } = getShape(this.shape));
    this.serializer = options.serializer
      ? { name: options.serializer.name, codec: options.serializer.forShape(getShape(this.shape)) }
      : null;
    this.rowForm = this.serializer ? 'serializer' : 'protobuf';
  }

  async fetchRows(count: number, signal?: AbortSignal): Promise<FetchedRows> {
    const phases = new GrpcCallPhases();
    // grpc-js makes an empty Metadata for a call without one; passing ours (to reach the call options) costs the same.
    const metadata = new Metadata();
    if (this.sliceRows !== null) metadata.set(SLICE_ROWS_METADATA, this.sliceRows);
    if (this.serializer !== null) metadata.set(SERIALIZER_METADATA, this.serializer.name);
    let reply: RowsReply;
    try {
      reply = await this.withTimeout(
        (this.service as UnaryMethods)[this.method]({ count }, metadata, phases.callOptions()),
        signal,
      );
    } catch (error) {
      throw this.toTransportError(error);
    }
    const payloadBytes = payloadBytesOf(reply);
    if (payloadBytes === undefined) {
      throw new Error('gRPC client was built without withPayloadByteCounts: payload size cannot be measured');
    }
    if (this.serializer !== null) {
      // The reply is the serializer's own decoded message; its rows' JSON form is made when the engine hashes them.
      const { codec } = this.serializer;
      return { rows: [], jsonRows: () => codec.toJsonRows(reply), payloadBytes, phases: phases.finish(reply) };
    }
    const rows = reply[this.rowsField];
    if (!Array.isArray(rows)) throw new TransportError('bad-response', this.target, `reply has no ${this.rowsField}`);
    return { rows, payloadBytes, phases: phases.finish(reply) };
  }

  /**
   * A client-side timeout, like axios's for JSON: unsubscribing cancels the call. A gRPC deadline would also bound
   * it, but adds a grpc-timeout header and deadline timers on both sides that the JSON request lacks; and one
   * plain timer costs less than rxjs's timeout operator, which showed in bench:overhead on 1-row calls.
   */
  private withTimeout(call: Observable<RowsReply>, signal: AbortSignal | undefined): Promise<RowsReply> {
    return new Promise((resolve, reject) => {
      let value: RowsReply | undefined;
      const timer = setTimeout(() => {
        subscription.unsubscribe();
        reject(new TransportError('timeout', this.target, `no complete response within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      // The caller left or another request of the run failed: unsubscribing cancels the call, which the server sees.
      const abort = () => {
        clearTimeout(timer);
        subscription.unsubscribe();
        reject(new TransportError('bad-response', this.target, 'request aborted'));
      };
      const settled = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      };
      const subscription = call.subscribe({
        next: (v) => (value = v),
        error: (e) => {
          settled();
          reject(e);
        },
        complete: () => {
          settled();
          if (value === undefined)
            reject(new TransportError('bad-response', this.target, 'the call completed without a reply'));
          else resolve(value);
        },
      });
      if (signal?.aborted) abort();
      else signal?.addEventListener('abort', abort, { once: true });
    });
  }

  private toTransportError(error: unknown): TransportError | ClientFdLimitError {
    if (error instanceof TransportError) return error;
    // grpc-js folds a socket's EMFILE into UNAVAILABLE's details: the client's own limit, not the server's.
    const ownLimit = ClientFdLimitError.from(error, `connecting to ${this.target.server} at ${this.target.address}`);
    if (ownLimit) return ownLimit;
    const e = error as Partial<ServiceError>;
    const detail = `${GrpcStatus[e.code as number] ?? 'error'}: ${e.details ?? e.message ?? String(error)}`;
    return new TransportError(grpcFailure(e.code), this.target, detail);
  }
}
