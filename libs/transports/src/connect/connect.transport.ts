import type { CallOptions } from '@connectrpc/connect';
import { DEFAULT_SHAPE, type ShapeName } from '@app/shapes';
import type { FetchedRows, RowForm, RowsTransport, TargetInfo } from '@app/bench';
import { PhaseClock } from '../phase-clock';
import { TransportError } from '@app/bench';
import { ConnectBodyMeter } from './connect-body-meter';
import { type ConnectClient } from './connect-client';
import { ConnectCallControl } from './connect-call-control';
import { connectTransportError } from './connect-errors';
import { connectShapeCalls, type ConnectShapeCalls } from './connect-shape';

type UnaryCall = (request: object, options: CallOptions) => Promise<object>;

/**
 * A unary call (the shape's GetSamples / GetRows) through a connect-es client: one class for every protocol, encoding
 * and HTTP version, which the ConnectClient it is given carries (connect-proto, connect-json, connect-fastify,
 * connect-h2, connect-grpc, grpc-web). The promise settles when connect-es has parsed the reply into a protobuf-es
 * message, where the engine stops its clock; the rows' JSON form comes after (rowForm `serializer`).
 * Phases: first and last byte from the measured HTTP client; decode happens inside connect-es and is not split off.
 */
export interface ConnectTransportOptions {
  shape?: ShapeName;
  /** Whether replies come in envelopes: the gRPC and gRPC-Web protocols (a Connect unary body is the message). */
  enveloped?: boolean;
  /** The server behind the address (the variant's entry): a Nest JSON app (the default), or the bare Connect server. */
  server?: TargetInfo['server'];
}

export class ConnectTransport implements RowsTransport {
  readonly kind = 'connect' as const;
  readonly target: TargetInfo;
  readonly rowForm: RowForm = 'serializer';
  private readonly calls: ConnectShapeCalls;
  private readonly enveloped: boolean;

  readonly shape: ShapeName;

  constructor(
    private readonly connect: ConnectClient,
    address: string,
    private readonly timeoutMs: number,
    options: ConnectTransportOptions = {},
  ) {
    this.shape = options.shape ?? DEFAULT_SHAPE;
    this.target = { server: options.server ?? 'json-server', address };
    this.calls = connectShapeCalls(connect, this.shape);
    this.enveloped = options.enveloped ?? false;
  }

  async fetchRows(count: number, signal?: AbortSignal): Promise<FetchedRows> {
    const meter = new ConnectBodyMeter(new PhaseClock(), this.enveloped);
    const headers = this.connect.meters.add(meter);
    const control = new ConnectCallControl(this.timeoutMs, signal);
    let reply: object;
    try {
      if (signal?.aborted) throw new TransportError('bad-response', this.target, 'request aborted');
      const call = (this.calls.client as unknown as Record<string, UnaryCall>)[this.calls.unary];
      reply = await call({ count }, control.options(headers));
    } catch (error) {
      this.connect.meters.drop(headers);
      if (control.timedOut)
        throw new TransportError('timeout', this.target, `no complete response within ${this.timeoutMs} ms`);
      if (signal?.aborted) throw new TransportError('bad-response', this.target, 'request aborted');
      throw connectTransportError(error, this.target);
    } finally {
      control.dispose();
    }
    const { clock } = meter;
    clock.serverTiming(control.serverTiming);
    clock.note('decode is inside connect-es (its parse of the body): not timed apart');
    const { codec } = this.calls;
    return {
      rows: [],
      jsonRows: () => codec.toJsonRows(reply),
      payloadBytes: meter.payloadBytes,
      phases: clock.phases(),
    };
  }
}
