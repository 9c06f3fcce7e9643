import type { CallOptions } from '@connectrpc/connect';
import { DEFAULT_SHAPE, type ShapeName } from '@app/shapes';
import type { RowForm, RowSink, StreamedRows, StreamingRowsTransport, TargetInfo } from '@app/bench';
import { PhaseClock } from '../phase-clock';
import { TransportError } from '@app/bench';
import { ConnectBodyMeter } from './connect-body-meter';
import type { ConnectClient } from './connect-client';
import { ConnectCallControl } from './connect-call-control';
import { connectTransportError } from './connect-errors';
import { connectShapeCalls, type ConnectShapeCalls } from './connect-shape';

type StreamCall = (request: object, options: CallOptions) => AsyncIterable<object>;

/**
 * Server streaming (the shape's StreamSamples / StreamRows) through a connect-es client, built as ConnectTransport's:
 * only the message form differs. Each message's rows go to the sink in their JSON form as they arrive (the codec's
 * toJsonRows, as grpc-stream-static's do) and are not kept. Payload bytes are the messages' (envelope heads and the
 * end-of-stream envelope left out). The timeout is an idle one, refreshed per message, as GrpcStreamTransport's.
 */
export class ConnectStreamTransport implements StreamingRowsTransport {
  readonly kind = 'connect' as const;
  readonly streaming = true as const;
  readonly target: TargetInfo;
  readonly rowForm: RowForm = 'serializer';
  private readonly calls: ConnectShapeCalls;

  readonly shape: ShapeName;

  constructor(
    private readonly connect: ConnectClient,
    address: string,
    /** Longest silence allowed between two messages (or before the first), in ms. */
    private readonly timeoutMs: number,
    /**
     * server: the one behind `address` (the variant's entry), a Nest JSON app (the default) or the bare Connect server.
     */
    { shape = DEFAULT_SHAPE, server = 'json-server' }: { shape?: ShapeName; server?: TargetInfo['server'] } = {},
  ) {
    this.shape = shape;
    this.target = { server, address };
    this.calls = connectShapeCalls(connect, shape);
  }

  async streamRows(count: number, chunkRows: number, sink: RowSink, signal?: AbortSignal): Promise<StreamedRows> {
    if (signal?.aborted) throw abortReason(signal);
    // Every protocol envelopes a stream's messages.
    const meter = new ConnectBodyMeter(new PhaseClock(), true);
    const headers = this.connect.meters.add(meter);
    const control = new ConnectCallControl(this.timeoutMs, signal);
    let rows = 0;
    let chunks = 0;
    let refused: { error: unknown } | null = null;
    try {
      const call = (this.calls.client as unknown as Record<string, StreamCall>)[this.calls.stream];
      const messages = call({ count, offset: 0, chunkRows }, control.options(headers));
      for await (const message of messages) {
        control.refresh();
        const chunk = this.calls.codec.toJsonRows(message);
        chunks++;
        rows += chunk.length;
        try {
          sink.push(chunk);
        } catch (error) {
          // The engine refused the chunk (e.g. a verification mismatch): leaving the loop cancels the stream.
          refused = { error };
          break;
        }
      }
    } catch (error) {
      this.connect.meters.drop(headers);
      const received = rows > 0 ? rows : undefined;
      if (control.timedOut)
        throw new TransportError('timeout', this.target, `no message within ${this.timeoutMs} ms`, received);
      if (signal?.aborted) throw abortReason(signal);
      throw connectTransportError(error, this.target, received);
    } finally {
      control.dispose();
    }
    if (refused) throw refused.error;
    meter.clock.serverTiming(control.serverTiming);
    meter.clock.note('decode is inside connect-es (its parse of each message): not timed apart');
    return { payloadBytes: meter.payloadBytes, chunks, phases: meter.clock.phases() };
  }
}

// What an aborted stream rejects with: the reason its owner gave to abort(), as GrpcStreamTransport does.
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('the stream was aborted');
}
