// What an outside probe gets for a request connect-es cannot take as it is: the options every Connect server here
// passes (CONNECT_SERVER_OPTIONS), on connect-node's adapter over HTTP/1.1 (Connect) and h2c (gRPC), real sockets.
import { createServer, type Server } from 'node:http';
import { connect as http2Connect, createServer as createH2cServer, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { InflightBudget } from '@app/serving';
import { CONNECT_SERVER_OPTIONS } from './connect-server-options';
import { ConnectRows } from './rows/connect-rows';
import { rowsRoutes } from './rows/rows-routes';

const LIMITS = { maxRows: 500, maxStreamRows: 2000, bufferBytes: 8 * 1024 * 1024 };
const PATH = '/sample.SampleService/GetSamples';

function handler() {
  return connectNodeAdapter({
    ...CONNECT_SERVER_OPTIONS,
    routes: rowsRoutes(new ConnectRows(LIMITS, new InflightBudget(64 * 1024 * 1024))),
  });
}

async function listen<S extends Server | Http2Server>(server: S): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw gRPC unary call over h2c: the request's bytes in one envelope, the status from the trailers. */
function rawGrpc(baseUrl: string, path: string, message: Uint8Array): Promise<{ status: string; message: string }> {
  return new Promise((resolve, reject) => {
    const session = http2Connect(baseUrl);
    session.on('error', reject);
    const stream = session.request({
      ':method': 'POST',
      ':path': path,
      'content-type': 'application/grpc',
      te: 'trailers',
    });
    const envelope = Buffer.alloc(5 + message.length);
    envelope.writeUInt32BE(message.length, 1);
    envelope.set(message, 5);
    stream.on('trailers', (t) =>
      resolve({ status: String(t['grpc-status']), message: decodeURIComponent(String(t['grpc-message'] ?? '')) }),
    );
    stream.on(
      'response',
      (h) =>
        h['grpc-status'] !== undefined &&
        resolve({ status: String(h['grpc-status']), message: decodeURIComponent(String(h['grpc-message'] ?? '')) }),
    );
    stream.on('close', () => session.close());
    stream.on('data', () => undefined);
    stream.end(envelope);
  });
}

describe('CONNECT_SERVER_OPTIONS: requests connect-es cannot take as they are', () => {
  const http1 = createServer(handler());
  const h2c = createH2cServer(handler());
  let url: string;
  let h2cUrl: string;
  beforeAll(async () => {
    url = await listen(http1);
    h2cUrl = await listen(h2c);
  });
  afterAll(async () => {
    await new Promise((resolve) => http1.close(resolve));
    await new Promise((resolve) => h2c.close(resolve));
  });

  const post = (body: Uint8Array | string, contentType: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body: body as BodyInit,
    });

  it.each([
    [
      'protobuf bytes that end inside a field (0a ff)',
      Uint8Array.from([0x0a, 0xff]),
      'application/proto',
      /^request is not a valid sample\.GetSamplesParam: /,
    ],
    [
      'a JSON body that is not JSON, with a line break',
      '{"count":\n x}',
      'application/json',
      /^cannot decode message sample\.GetSamplesParam from JSON: /,
    ],
    [
      'a JSON body with a count of the wrong type',
      '{"count":"many"}',
      'application/json',
      /sample\.GetSamplesParam\.count/,
    ],
  ])('%s: 400 invalid_argument, a one-line message', async (_what, body, contentType, message) => {
    const res = await post(body, contentType);
    expect(res.status).toBe(400);
    const error = (await res.json()) as { code: string; message: string };
    expect(error).toEqual({ code: 'invalid_argument', message: expect.stringMatching(message) });
    expect(error.message).not.toContain('\n');
  });

  it('the same protobuf bytes over gRPC: INVALID_ARGUMENT (3), not INTERNAL (13)', async () => {
    expect(await rawGrpc(h2cUrl, PATH, Uint8Array.from([0x0a, 0xff]))).toEqual({
      status: '3',
      message: expect.stringMatching(/^request is not a valid sample\.GetSamplesParam: /),
    });
  });

  it("a stream's request (StreamSamples over gRPC) too", async () => {
    expect(await rawGrpc(h2cUrl, '/sample.SampleService/StreamSamples', Uint8Array.from([0x0a, 0xff]))).toEqual({
      status: '3',
      message: expect.stringMatching(/^request is not a valid sample\.StreamSamplesParam: /),
    });
  });

  it('connect-protocol-version other than 1: 400 invalid_argument naming the header; 1 or none is served', async () => {
    const refused = await post('{"count":2}', 'application/json', { 'connect-protocol-version': '9' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 'invalid_argument',
      message: 'connect-protocol-version must be "1": got "9"',
    });
    expect((await post('{"count":2}', 'application/json', { 'connect-protocol-version': '1' })).status).toBe(200);
    expect((await post('{"count":2}', 'application/json')).status).toBe(200);
  });

  it(
    'a JSON field the message does not have: 400 invalid_argument naming it, as the gRPC servers refuse what ' +
      'they cannot read',
    async () => {
      const res = await post('{"count":2,"nope":1}', 'application/json');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'invalid_argument',
        message: expect.stringMatching(/sample\.GetSamplesParam.*"nope"/),
      });
    },
  );

  it('a well-formed request is still served', async () => {
    const res = await post('{"count":2}', 'application/json');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { samples: unknown[] }).samples).toHaveLength(2);
    expect(await rawGrpc(h2cUrl, PATH, Uint8Array.from([0x08, 0x02]))).toEqual({ status: '0', message: '' });
  });
});
