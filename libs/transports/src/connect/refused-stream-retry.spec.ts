// A server that closes its session as calls arrive (GOAWAY naming only the first stream): connect-es's own HTTP/2
// client fails the refused calls; the variants' client (connect-client.ts) makes them again and every one is answered.
import { Code, ConnectError, type Transport } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport } from '@connectrpc/connect-node';
import { CONNECT_CALLS } from '@app/bench';
import { createConnectClient } from './connect-client';
import { rowsCaller, startConnectFixture, type ConnectFixture } from './fixtures/connect-rows-server.fixture';
import { isRefusedStream } from './refused-stream-retry';

const CALLS = 20;

/** CALLS calls of 3 rows at once, on one fresh client: what each one came to. */
async function callsAtOnce(transport: Transport): Promise<PromiseSettledResult<unknown[]>[]> {
  const rows = rowsCaller(transport);
  return Promise.allSettled(Array.from({ length: CALLS }, () => rows(3)));
}

describe('isRefusedStream', () => {
  it("finds REFUSED_STREAM in connect-node's own error and in the Node stream error it wraps, nothing else", () => {
    const nodeStreamError = Object.assign(new Error('Stream closed with error code NGHTTP2_REFUSED_STREAM'), {
      code: 'ERR_HTTP2_STREAM_ERROR',
    });
    expect(
      isRefusedStream(new ConnectError('http/2 stream closed with error code REFUSED_STREAM (0x7)', Code.Unavailable)),
    ).toBe(true);
    expect(
      isRefusedStream(
        new ConnectError(
          'Stream closed with error code NGHTTP2_REFUSED_STREAM',
          Code.Internal,
          undefined,
          undefined,
          nodeStreamError,
        ),
      ),
    ).toBe(true);
    expect(isRefusedStream(new ConnectError('wrapped', Code.Internal, undefined, undefined, nodeStreamError))).toBe(
      true,
    );
    expect(isRefusedStream(new ConnectError('http/2 stream closed with error code CANCEL (0x8)', Code.Canceled))).toBe(
      false,
    );
    expect(isRefusedStream(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isRefusedStream('REFUSED_STREAM')).toBe(false);
  });
});

describe.each(['connect-h2', 'connect-grpc'] as const)('%s: streams refused by a GOAWAY', (variant) => {
  const call = CONNECT_CALLS[variant];
  let fixture: ConnectFixture;
  afterEach(() => fixture.close());

  it("connect-es's own client fails the refused calls (what the server does is real)", async () => {
    fixture = await startConnectFixture({ http2: true, goawayFirstSession: true });
    const make = call.protocol === 'grpc' ? createGrpcTransport : createConnectTransport;
    const results = await callsAtOnce(make({ baseUrl: fixture.baseUrl, httpVersion: '2', useBinaryFormat: true }));
    const refused = results.filter((r) => r.status === 'rejected' && isRefusedStream(r.reason));
    expect(refused.length).toBeGreaterThan(0);
  });

  it("the variant's client makes each refused call again, and every call gets its rows", async () => {
    fixture = await startConnectFixture({ http2: true, goawayFirstSession: true });
    const client = createConnectClient({ ...call, baseUrl: fixture.baseUrl });
    try {
      const results = await callsAtOnce(client.transport);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value.length : String(r.reason)))).toEqual(
        Array(CALLS).fill(3),
      );
    } finally {
      client.close();
    }
  });
});
