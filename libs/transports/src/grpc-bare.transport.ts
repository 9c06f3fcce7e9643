import {
  CallOptions,
  Client,
  credentials,
  loadPackageDefinition,
  Metadata,
  ServiceClientConstructor,
  status as GrpcStatus,
  ServiceError,
} from '@grpc/grpc-js';
import { loadSamplePackageDefinition, OWN_CONNECTION_OPTION } from '@app/grpc';
import { DEFAULT_SHAPE, getShape, ShapeName } from '@app/shapes';
import { GrpcCallPhases } from './grpc-call-phases';
import { grpcPhaseInterceptor } from './grpc-phase.interceptor';
import { payloadBytesOf, withPayloadByteCounts } from './measured-package-definition';
import { FetchedRows, RowsTransport, TargetInfo } from '@app/bench';
import { grpcFailure, TransportError } from '@app/bench';

type RowsReply = Record<string, unknown>;

type UnaryCall = (
  request: { count: number },
  metadata: Metadata,
  options: CallOptions,
  callback: (error: ServiceError | null, reply?: RowsReply) => void,
) => { cancel(): void };

/**
 * The `grpc-bare` variant: the same unary call as GrpcTransport, through a plain @grpc/grpc-js client built from the
 * same proto and loader options, without Nest's ClientGrpc or rxjs. Only the client library differs.
 */
export class GrpcBareTransport implements RowsTransport {
  readonly kind = 'grpc' as const;
  readonly target: TargetInfo;
  readonly rowForm = 'protobuf' as const;
  private readonly client: Client & Record<string, UnaryCall>;
  private readonly method: string;
  private readonly rowsField: string;

  readonly shape: ShapeName;

  constructor(
    address: string,
    private readonly timeoutMs: number,
    { maxMessageBytes, shape = DEFAULT_SHAPE }: { maxMessageBytes: number; shape?: ShapeName },
  ) {
    this.shape = shape;
    this.target = { server: 'grpc-server', address };
    const { grpcService, unaryMethod, rowsField } = getShape(shape);
    this.method = unaryMethod;
    this.rowsField = rowsField;
    // grpc-js's loaded package nests services by their package path (sample.SampleService,
    // wirebench.shapes.NumericService).
    const pkg = loadPackageDefinition(withPayloadByteCounts(loadSamplePackageDefinition()));
    const Service = grpcService
      .split('.')
      .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], pkg) as
      ServiceClientConstructor | undefined;
    if (typeof Service !== 'function')
      throw new Error(`the gRPC contract has no ${grpcService}: shape ${shape} cannot be fetched over gRPC`);
    // Its own connection, as the Nest client's (OWN_CONNECTION_OPTION says why).
    this.client = new Service(address, credentials.createInsecure(), {
      ...OWN_CONNECTION_OPTION,
      'grpc.max_receive_message_length': maxMessageBytes,
      'grpc.max_send_message_length': maxMessageBytes,
      interceptors: [grpcPhaseInterceptor],
    }) as unknown as GrpcBareTransport['client'];
  }

  fetchRows(count: number, signal?: AbortSignal): Promise<FetchedRows> {
    const phases = new GrpcCallPhases();
    return new Promise((resolve, reject) => {
      const abort = () => call.cancel();
      // A client-side timer, as GrpcTransport has, rather than a deadline: the same request on the wire.
      const timer = setTimeout(() => {
        call.cancel();
        reject(new TransportError('timeout', this.target, `no complete response within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      // grpc-js makes an empty Metadata and options for a call without them; ours carry the call's phases.
      const call = this.client[this.method]({ count }, new Metadata(), phases.callOptions(), (error, reply) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        if (error) return reject(this.toTransportError(error));
        const payloadBytes = reply ? payloadBytesOf(reply) : undefined;
        const rows = reply?.[this.rowsField];
        if (!reply || !Array.isArray(rows) || payloadBytes === undefined)
          return reject(new TransportError('bad-response', this.target, `reply has no ${this.rowsField}`));
        resolve({ rows, payloadBytes, phases: phases.finish(reply) });
      });
      // The caller left or another request of the run failed: the server sees a cancel and stops.
      if (signal?.aborted) abort();
      else signal?.addEventListener('abort', abort, { once: true });
    });
  }

  close(): void {
    this.client.close();
  }

  private toTransportError(e: ServiceError): TransportError {
    const detail = `${GrpcStatus[e.code] ?? 'error'}: ${e.details ?? e.message}`;
    if (e.code === GrpcStatus.CANCELLED)
      return new TransportError('timeout', this.target, `no complete response within ${this.timeoutMs} ms`);
    return new TransportError(grpcFailure(e.code), this.target, detail);
  }
}
