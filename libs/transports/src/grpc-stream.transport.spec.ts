import { status } from '@grpc/grpc-js';
import { Observable, Subscriber } from 'rxjs';
import { loadSamplePackageDefinition } from '@app/grpc';
import type { Samples, SampleServiceClient, StreamSamplesParam } from '@app/grpc';
import { type Row, rows } from '@app/data-generator';
import { GrpcStreamTransport } from './grpc-stream.transport';
import { withPayloadByteCounts } from './measured-package-definition';
import { TransportError } from '@app/bench';

const method = (withPayloadByteCounts(loadSamplePackageDefinition()) as Record<string, any>)['sample.SampleService']
  .StreamSamples;
/** A message as the measured client would hand it over: encoded and decoded through withPayloadByteCounts. */
const received = (count: number, offset: number): { message: Samples; bytes: number } => {
  const bytes: Buffer = method.responseSerialize({ samples: rows(count, offset) });
  return { message: method.responseDeserialize(bytes), bytes: bytes.length };
};

/** A SampleServiceClient whose one stream the test drives, recording the request and whether it was cancelled. */
function fakeService() {
  const state: { param?: StreamSamplesParam; subscriber?: Subscriber<Samples>; unsubscribed: boolean } = {
    unsubscribed: false,
  };
  const streamSamples = (param: StreamSamplesParam) =>
    new Observable<Samples>((subscriber) => {
      state.param = param;
      state.subscriber = subscriber;
      return () => {
        state.unsubscribed = true;
      };
    });
  // Nest's ClientGrpc has each method under its proto name and its camelCase alias; the transport calls the proto's.
  const service = { StreamSamples: streamSamples, streamSamples } as unknown as SampleServiceClient;
  return { service, state };
}

describe('GrpcStreamTransport', () => {
  it(
    'asks for count rows in chunks from row 0, hands each message to the sink, sums the measured payload ' + 'bytes',
    async () => {
      const { service, state } = fakeService();
      const transport = new GrpcStreamTransport(service, 'h:1', 1000);
      const chunks: number[][] = [];
      const done = transport.streamRows(5, 2, { push: (r) => chunks.push((r as Row[]).map((x) => x.rowNum)) });
      expect(state.param).toEqual({ count: 5, offset: 0, chunk_rows: 2 });
      const messages = [received(2, 0), received(2, 2), received(1, 4)];
      for (const { message } of messages) state.subscriber!.next(message);
      state.subscriber!.complete();
      const streamed = await done;
      expect(chunks).toEqual([[0, 1], [2, 3], [4]]);
      expect(streamed.chunks).toBe(3);
      expect(streamed.payloadBytes).toBe(messages.reduce((n, m) => n + m.bytes, 0));
      expect(streamed.phases!.decodeMs).toBeGreaterThan(0);
      expect(streamed.phases!.notes).toEqual([
        'no response headers or trailers seen: the client was built without grpcPhaseInterceptor',
      ]);
    },
  );

  it.each([
    [status.UNAVAILABLE, 'unavailable'],
    [status.INTERNAL, 'bad-response'],
  ])(
    'turns a status %d after some rows into a %s TransportError that says how many rows had arrived',
    async (code, failure) => {
      const { service, state } = fakeService();
      const done = new GrpcStreamTransport(service, 'h:1', 1000).streamRows(10, 3, { push: () => undefined });
      state.subscriber!.next(received(3, 0).message);
      state.subscriber!.error({ code, details: 'Connection dropped' });
      const error = await done.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ failure, rowsReceived: 3 });
      expect((error as Error).message).toMatch(/\(after 3 rows\)$/);
    },
  );

  it('leaves rowsReceived out when nothing had arrived', async () => {
    const { service, state } = fakeService();
    const done = new GrpcStreamTransport(service, 'h:1', 1000).streamRows(10, 3, { push: () => undefined });
    state.subscriber!.error({ code: status.INVALID_ARGUMENT, details: 'count must be ...' });
    await expect(done).rejects.toMatchObject({ failure: 'bad-response', rowsReceived: undefined });
  });

  it('cancels the call (unsubscribes) and rejects with the reason when the signal aborts', async () => {
    const { service, state } = fakeService();
    const abort = new AbortController();
    const done = new GrpcStreamTransport(service, 'h:1', 1000).streamRows(
      10,
      3,
      { push: () => undefined },
      abort.signal,
    );
    state.subscriber!.next(received(3, 0).message);
    const reason = new Error('stop');
    abort.abort(reason);
    await expect(done).rejects.toBe(reason);
    expect(state.unsubscribed).toBe(true);
    // A signal aborted before the call means no call at all.
    const early = fakeService();
    await expect(
      new GrpcStreamTransport(early.service, 'h:1', 1000).streamRows(1, 1, { push: () => undefined }, abort.signal),
    ).rejects.toBe(reason);
    expect(early.state.param).toBeUndefined();
  });

  it('cancels and rejects when the sink refuses a chunk', async () => {
    const { service, state } = fakeService();
    const refusal = new Error('checksum mismatch');
    const done = new GrpcStreamTransport(service, 'h:1', 1000).streamRows(10, 3, {
      push: () => {
        throw refusal;
      },
    });
    state.subscriber!.next(received(3, 0).message);
    await expect(done).rejects.toBe(refusal);
    expect(state.unsubscribed).toBe(true);
  });

  it('times out when no message comes for timeoutMs, each message restarting the wait', async () => {
    jest.useFakeTimers();
    try {
      const { service, state } = fakeService();
      const done = new GrpcStreamTransport(service, 'h:1', 100).streamRows(10, 3, { push: () => undefined });
      const settled = done.catch((e: unknown) => e);
      jest.advanceTimersByTime(80);
      state.subscriber!.next(received(3, 0).message);
      jest.advanceTimersByTime(80);
      expect(state.unsubscribed).toBe(false);
      jest.advanceTimersByTime(30);
      expect(await settled).toMatchObject({ failure: 'timeout', rowsReceived: 3 });
      expect(state.unsubscribed).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
