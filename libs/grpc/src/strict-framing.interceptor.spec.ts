import {
  Server,
  ServerCredentials,
  ServerReadableStream,
  ServerUnaryCall,
  ServerWritableStream,
  ServiceDefinition,
  sendUnaryData,
  status,
} from '@grpc/grpc-js';
import { gzipSync } from 'node:zlib';
import { frame, rawGrpcCall } from './fixtures/raw-grpc-call';
import { strictFramingInterceptor } from './strict-framing.interceptor';

// Messages are bytes as they are: the interceptor looks at framing only, whatever the service's types.
const bytes = {
  requestSerialize: (b: Buffer) => b,
  requestDeserialize: (b: Buffer) => b,
  responseSerialize: (b: Buffer) => b,
  responseDeserialize: (b: Buffer) => b,
};
const method = (name: string, requestStream: boolean, responseStream: boolean) => ({
  path: `/t.T/${name}`,
  requestStream,
  responseStream,
  ...bytes,
});
const SERVICE: ServiceDefinition = {
  Unary: method('Unary', false, false),
  Stream: method('Stream', false, true),
  Upload: method('Upload', true, false),
};

const MAX_BYTES = 64;
const internal = (details: string) => ({ code: status.INTERNAL, details });

describe('strictFramingInterceptor on a grpc-js Server', () => {
  let server: Server;
  let port: number;
  // What the handlers were given: a refused call must never reach one.
  const handled: string[] = [];

  beforeAll(async () => {
    server = new Server({ interceptors: [strictFramingInterceptor], 'grpc.max_receive_message_length': MAX_BYTES });
    server.addService(SERVICE, {
      Unary: (call: ServerUnaryCall<Buffer, Buffer>, done: sendUnaryData<Buffer>) => {
        handled.push(`Unary ${call.request.toString('hex')}`);
        done(null, call.request);
      },
      Stream: (call: ServerWritableStream<Buffer, Buffer>) => {
        handled.push(`Stream ${call.request.toString('hex')}`);
        call.write(call.request);
        call.end();
      },
      Upload: (call: ServerReadableStream<Buffer, Buffer>, done: sendUnaryData<Buffer>) => {
        const parts: Buffer[] = [];
        call.on('data', (b: Buffer) => parts.push(b));
        call.on('end', () => done(null, Buffer.from([parts.length])));
      },
    });
    port = await new Promise((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
    );
  });
  afterAll(() => server?.forceShutdown());
  beforeEach(() => (handled.length = 0));

  it(
    'finds the request stream and its encoding in this grpc-js (or the flag and truncation checks are ' + 'off)',
    async () => {
      expect(await rawGrpcCall(port, '/t.T/Unary', frame([1], 7))).toMatchObject(
        internal('gRPC message flag 7 does not exist (0 is uncompressed, 1 compressed)'),
      );
    },
  );

  it('passes well-formed calls through unchanged, gzip-compressed ones included', async () => {
    expect(await rawGrpcCall(port, '/t.T/Unary', frame([1, 2]))).toMatchObject({
      code: status.OK,
      body: frame([1, 2]),
    });
    expect(
      await rawGrpcCall(port, '/t.T/Unary', frame([...gzipSync(Buffer.from([3]))], 1), { 'grpc-encoding': 'gzip' }),
    ).toMatchObject({ code: status.OK, body: frame([3]) });
    expect(await rawGrpcCall(port, '/t.T/Stream', frame([]))).toMatchObject({ code: status.OK, body: frame([]) });
    expect(handled).toEqual(['Unary 0102', 'Unary 03', 'Stream ']);
  });

  it.each([
    ['/t.T/Unary', 'a unary'],
    ['/t.T/Stream', 'a server-streaming'],
  ])('%s takes exactly one message, and a refused call never reaches its handler', async (path, kind) => {
    expect(await rawGrpcCall(port, path, Buffer.alloc(0))).toMatchObject(
      internal(`${kind} method got no request message`),
    );
    const three = Buffer.concat([frame([1]), frame([2]), frame([3])]);
    expect(await rawGrpcCall(port, path, three)).toMatchObject(internal(`${kind} method got 3 request messages`));
    expect(await rawGrpcCall(port, path, frame([1, 2], 0, 9))).toMatchObject(
      internal('truncated gRPC message: the length prefix declares 9 bytes, 2 arrived'),
    );
    expect(await rawGrpcCall(port, path, frame([1], 1))).toMatchObject(
      internal('gRPC message flagged compressed (flag 1), but the call sent no grpc-encoding'),
    );
    expect(handled).toEqual([]);
  });

  it(
    "leaves grpc-js's own answers to framing alone: a message declared over the size limit is " +
      'RESOURCE_EXHAUSTED, an unsupported grpc-encoding UNIMPLEMENTED',
    async () => {
      expect(await rawGrpcCall(port, '/t.T/Unary', frame([1, 2], 0, MAX_BYTES + 1))).toMatchObject({
        code: status.RESOURCE_EXHAUSTED,
      });
      expect(await rawGrpcCall(port, '/t.T/Unary', frame([1], 1), { 'grpc-encoding': 'br' })).toMatchObject({
        code: status.UNIMPLEMENTED,
      });
      expect(handled).toEqual([]);
    },
  );

  it(
    'lets a client-streaming method take any number of messages, but not a truncated or badly flagged ' + 'one',
    async () => {
      expect(await rawGrpcCall(port, '/t.T/Upload', Buffer.alloc(0))).toMatchObject({
        code: status.OK,
        body: frame([0]),
      });
      expect(await rawGrpcCall(port, '/t.T/Upload', Buffer.concat([frame([1]), frame([2])]))).toMatchObject({
        code: status.OK,
        body: frame([2]),
      });
      expect(
        await rawGrpcCall(port, '/t.T/Upload', Buffer.concat([frame([1]), frame([]).subarray(0, 4)])),
      ).toMatchObject(internal('truncated gRPC message: the request ended 4 bytes into the 5-byte length prefix'));
      expect(await rawGrpcCall(port, '/t.T/Upload', Buffer.concat([frame([1]), frame([2], 2)]))).toMatchObject(
        internal('gRPC message flag 2 does not exist (0 is uncompressed, 1 compressed)'),
      );
    },
  );
});
