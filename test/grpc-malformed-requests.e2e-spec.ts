// Both built gRPC servers (Nest and bare grpc-js) sent request bytes that no well-behaved client writes: int32
// fields as varints beyond int32 (2^32 + 5, which protobufjs alone reads as 5 and serves; 2^53 + 1, 2^63), and
// malformed protobuf. grpc-js answers INTERNAL "Error deserializing request" when a deserializer throws; here both
// servers must answer INVALID_ARGUMENT naming the field, and keep serving well-formed requests.
// The gRPC framing around the request message was not checked either: a unary or server-streaming call with no
// message, a truncated one, or two got UNIMPLEMENTED "no request message"/"second request message", and a message
// flagged compressed with no grpc-encoding, or with a flag that does not exist, was served. Here each must be
// INTERNAL (what grpc-go answers), naming what was wrong, for every service the servers have.
import * as grpc from '@grpc/grpc-js';
import { gzipSync } from 'node:zlib';
import { rows } from '@app/data-generator';
import { deserializeSamples } from '@app/grpc';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { frame, rawGrpcCall } from '../libs/grpc/src/fixtures/raw-grpc-call';
import { LISTENING, portsEnv } from './support/stack';
import { varint } from '../libs/grpc/src/fixtures/varint';

jest.setTimeout(30_000);

const MAX_ROWS = 5000;
const GET = '/sample.SampleService/GetSamples';
const STREAM = '/sample.SampleService/StreamSamples';
const asIs = (b: Buffer) => b;

const field = (number: number, value: bigint) => [(number << 3) | 0, ...varint(value)];

type Outcome = { code: number; details: string; messages: Buffer[] };

/** One call with `bytes` as the request message, the reply messages kept as bytes. */
function callRaw(client: grpc.Client, path: string, bytes: number[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const deadline = Date.now() + 10_000;
    if (path === GET) {
      client.makeUnaryRequest(
        path,
        asIs,
        asIs,
        Buffer.from(bytes),
        { deadline },
        (error: grpc.ServiceError | null, reply?: Buffer) =>
          resolve(
            error
              ? { code: error.code, details: error.details, messages: [] }
              : { code: grpc.status.OK, details: '', messages: [reply!] },
          ),
      );
      return;
    }
    const messages: Buffer[] = [];
    const call = client.makeServerStreamRequest(path, asIs, asIs, Buffer.from(bytes), { deadline });
    call.on('data', (m: Buffer) => messages.push(m));
    call.on('error', (error: grpc.ServiceError) => resolve({ code: error.code, details: error.details, messages }));
    call.on('end', () => resolve({ code: grpc.status.OK, details: '', messages }));
  });
}

const invalid = (details: string) => ({ code: grpc.status.INVALID_ARGUMENT, details, messages: [] });

describe.each(['grpc-server', 'bare-grpc-server'] as const)('%s with malformed requests', (app) => {
  let proc: AppProcess;
  let client: grpc.Client;
  let port: number;

  beforeAll(async () => {
    const env = await portsEnv({ BARE_GRPC_SERVER_PORT: String(await freePort()), MAX_ROWS: String(MAX_ROWS) });
    proc = AppProcess.start(app, env);
    await proc.waitFor(LISTENING);
    port = Number(app === 'grpc-server' ? env.GRPC_SERVER_PORT : env.BARE_GRPC_SERVER_PORT);
    client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  });
  afterAll(async () => {
    client?.close();
    await proc?.stop();
  });

  it('serves the same request when it is well formed (count 5; an empty message is count 0)', async () => {
    const ok = await callRaw(client, GET, field(1, 5n));
    expect(ok.code).toBe(grpc.status.OK);
    expect(deserializeSamples(ok.messages[0]).samples).toEqual(rows(5));
    expect(deserializeSamples((await callRaw(client, GET, [])).messages[0]).samples).toEqual([]);
  });

  it.each([
    [
      'count = 2^32 + 5 (was served as 5)',
      field(1, 2n ** 32n + 5n),
      'count: 4294967301 is outside int32 (varint on the wire)',
    ],
    [
      'count = 2^53 + 1 (was INTERNAL)',
      field(1, 2n ** 53n + 1n),
      'count: 9007199254740993 is outside int32 (varint on the wire)',
    ],
    ['count = 2^63', field(1, 2n ** 63n), 'count: 9223372036854775808 is outside int32 (varint on the wire)'],
    [
      'count as a length-delimited field',
      [0x0a, 0x01, 0x05],
      'count: sent as wire type 2, but an int32 is a varint (wire type 0)',
    ],
    ['a truncated varint', [0x08, 0x80], 'count: its varint runs past the end of the request'],
    [
      'garbage 0xff 0xff (was INTERNAL)',
      [0xff, 0xff],
      'request is not a valid GetSamplesParam: a field runs past the end of its 2 bytes',
    ],
    [
      'count with a wire type that does not exist',
      [0x0f],
      'count: sent as wire type 7, but an int32 is a varint (wire type 0)',
    ],
    [
      'an unknown field with a wire type that does not exist',
      [0x17],
      'request is not a valid GetSamplesParam: invalid wire type 7 at offset 1',
    ],
  ])('GetSamples answers INVALID_ARGUMENT naming the field for %s', async (_what, bytes, details) => {
    expect(await callRaw(client, GET, bytes)).toEqual(invalid(details));
  });

  it('GetSamples still answers a negative count (ten-byte varint, a valid int32) with the limit', async () => {
    expect(await callRaw(client, GET, field(1, -1n))).toEqual(
      invalid(`count must be an integer from 0 to ${MAX_ROWS} (MAX_ROWS), got -1`),
    );
  });

  it('StreamSamples serves a well-formed request', async () => {
    const ok = await callRaw(client, STREAM, [...field(1, 5n), ...field(3, 2n)]);
    expect(ok.code).toBe(grpc.status.OK);
    expect(ok.messages.map((m) => deserializeSamples(m).samples.length)).toEqual([2, 2, 1]);
  });

  it.each([
    [
      'count = 2^32 + 5',
      [...field(1, 2n ** 32n + 5n), ...field(3, 1n)],
      'count: 4294967301 is outside int32 (varint on the wire)',
    ],
    [
      'offset = 2^53 + 1',
      [...field(1, 1n), ...field(2, 2n ** 53n + 1n), ...field(3, 1n)],
      'offset: 9007199254740993 is outside int32 (varint on the wire)',
    ],
    [
      'chunk_rows = 2^31',
      [...field(1, 1n), ...field(3, 2n ** 31n)],
      'chunk_rows: 2147483648 is outside int32 (varint on the wire)',
    ],
    [
      'garbage 0xff 0xff',
      [0xff, 0xff],
      'request is not a valid StreamSamplesParam: a field runs past the end of its 2 bytes',
    ],
    [
      'a negative chunk_rows (valid int32)',
      [...field(1, 1n), ...field(3, -1n)],
      `chunk_rows must be an integer from 1 to ${MAX_ROWS} (MAX_ROWS), got -1`,
    ],
  ])('StreamSamples answers INVALID_ARGUMENT naming the field for %s', async (_what, bytes, details) => {
    expect(await callRaw(client, STREAM, bytes)).toEqual(invalid(details));
  });

  describe('framing that breaks the gRPC protocol', () => {
    const count5 = field(1, 5n);
    // A request every method here serves: count 5, and chunk_rows 5 for the streaming ones (an unknown field to the
    // unary ones).
    const request = [...count5, ...field(3, 5n)];
    // GetSamples and a shape's GetRows are unary; StreamSamples and StreamRows take one message and stream back.
    const METHODS = [
      [GET, 'a unary'],
      ['/wirebench.shapes.NumericService/GetRows', 'a unary'],
      [STREAM, 'a server-streaming'],
      ['/wirebench.shapes.TextService/StreamRows', 'a server-streaming'],
    ] as const;
    const internal = (details: string) => ({ code: grpc.status.INTERNAL, details });

    it.each(METHODS)('%s serves one well-formed message, raw', async (path) => {
      const ok = await rawGrpcCall(port, path, frame(request));
      expect(ok.code).toBe(grpc.status.OK);
      expect(ok.body.length).toBeGreaterThan(5);
    });

    describe.each(METHODS)('%s', (path, kind) => {
      it.each([
        [
          'a length prefix declaring 100 bytes, then 2',
          frame(count5, 0, 100),
          'truncated gRPC message: the length prefix declares 100 bytes, 2 arrived',
        ],
        [
          '3 bytes, shorter than a length prefix',
          frame([]).subarray(0, 3),
          'truncated gRPC message: the request ended 3 bytes into the 5-byte length prefix',
        ],
        ['an empty body', Buffer.alloc(0), `${kind} method got no request message`],
        [
          'two complete messages',
          Buffer.concat([frame(request), frame(request)]),
          `${kind} method got 2 request messages`,
        ],
        [
          'the compressed flag without grpc-encoding',
          frame(request, 1),
          'gRPC message flagged compressed (flag 1), but the call sent no grpc-encoding',
        ],
        ['a flag byte of 7', frame(request, 7), 'gRPC message flag 7 does not exist (0 is uncompressed, 1 compressed)'],
      ])('answers INTERNAL for %s', async (_what, body, details) => {
        expect(await rawGrpcCall(port, path, body)).toMatchObject(internal(details));
      });
    });

    it('answers INTERNAL for the compressed flag with grpc-encoding identity, and serves a gzip message', async () => {
      const identity = await rawGrpcCall(port, GET, frame(request, 1), { 'grpc-encoding': 'identity' });
      expect(identity).toMatchObject(
        internal('gRPC message flagged compressed (flag 1), but the call sent no grpc-encoding'),
      );
      const gzipped = [...gzipSync(Buffer.from(request))];
      const ok = await rawGrpcCall(port, GET, frame(gzipped, 1), { 'grpc-encoding': 'gzip' });
      expect(ok.code).toBe(grpc.status.OK);
      expect(deserializeSamples(ok.body.subarray(5)).samples).toEqual(rows(5));
    });

    it('still serves well-formed calls on the same server afterwards', async () => {
      expect((await callRaw(client, GET, count5)).code).toBe(grpc.status.OK);
    });
  });
});
