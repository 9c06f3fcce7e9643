import { Server, ServerCredentials, ServerUnaryCall, ServiceDefinition, sendUnaryData, status } from '@grpc/grpc-js';
import { connect, constants } from 'node:http2';
import { InflightBudget } from '@app/serving';
import { frame, rawGrpcCall } from './fixtures/raw-grpc-call';
import { requestBudgetInterceptor } from './request-budget.interceptor';
import { strictFramingInterceptor } from './strict-framing.interceptor';

const bytes = {
  requestSerialize: (b: Buffer) => b,
  requestDeserialize: (b: Buffer) => b,
  responseSerialize: (b: Buffer) => b,
  responseDeserialize: (b: Buffer) => b,
};
const SERVICE: ServiceDefinition = {
  Unary: { path: '/t.T/Unary', requestStream: false, responseStream: false, ...bytes },
};

const MAX_REQUEST_BYTES = 64;
const BUDGET_BYTES = 100;

/** Waits (at most 2 s, polling) until the budget holds `bytes`. */
async function until(budget: InflightBudget, bytes: number): Promise<void> {
  for (let i = 0; i < 200 && budget.inUseBytes !== bytes; i++) await new Promise((r) => setTimeout(r, 10));
  expect(budget.inUseBytes).toBe(bytes);
}

describe('requestBudgetInterceptor on a grpc-js Server', () => {
  let server: Server;
  let port: number;
  const budget = new InflightBudget(BUDGET_BYTES);
  const handled: number[] = [];

  beforeAll(async () => {
    const interceptors = [strictFramingInterceptor, requestBudgetInterceptor(budget, MAX_REQUEST_BYTES)];
    server = new Server({ interceptors, 'grpc.max_receive_message_length': MAX_REQUEST_BYTES });
    server.addService(SERVICE, {
      Unary: (call: ServerUnaryCall<Buffer, Buffer>, done: sendUnaryData<Buffer>) => {
        handled.push(call.request.length);
        done(null, Buffer.from([call.request.length]));
      },
    });
    port = await new Promise((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
    );
  });
  afterAll(() => server?.forceShutdown());
  beforeEach(() => (handled.length = 0));

  it('gives back what a call held once it is answered', async () => {
    expect(await rawGrpcCall(port, '/t.T/Unary', frame(Array(50).fill(1)))).toMatchObject({
      code: status.OK,
      body: frame([50]),
    });
    await until(budget, 0);
    expect(handled).toEqual([50]);
  });

  it(
    'holds a message by its declared length from its prefix on, refuses a call that no longer fits ' +
      '(UNAVAILABLE, naming the budget), and frees it when the caller goes',
    async () => {
      const session = connect(`http://127.0.0.1:${port}`);
      try {
        const waiting = session.request({
          [constants.HTTP2_HEADER_METHOD]: 'POST',
          [constants.HTTP2_HEADER_PATH]: '/t.T/Unary',
          'content-type': 'application/grpc',
          te: 'trailers',
        });
        waiting.on('error', () => undefined);
        // Only the prefix: grpc-js now buffers towards 60 bytes that never come.
        waiting.write(frame([], 0, 60));
        await until(budget, 60);

        const refused = await rawGrpcCall(port, '/t.T/Unary', frame(Array(50).fill(2)));
        expect(refused.code).toBe(status.UNAVAILABLE);
        expect(refused.details).toMatch(/^request message: server busy: .* MAX_INFLIGHT_BYTES .* needs up to 0\.0 MiB/);
        expect(handled).toEqual([]);
        expect(budget.inUseBytes).toBe(60);

        waiting.close(constants.NGHTTP2_CANCEL);
        await until(budget, 0);
        expect(await rawGrpcCall(port, '/t.T/Unary', frame(Array(50).fill(3)))).toMatchObject({
          code: status.OK,
          body: frame([50]),
        });
      } finally {
        session.destroy();
      }
    },
  );

  it(
    'frees a message grpc-js refuses by its length (its status goes past the interceptors) and holds no more ' +
      'than the limit for it',
    async () => {
      expect(await rawGrpcCall(port, '/t.T/Unary', frame([1, 2], 0, 10_000))).toMatchObject({
        code: status.RESOURCE_EXHAUSTED,
      });
      await until(budget, 0);
      expect(handled).toEqual([]);
    },
  );
});
