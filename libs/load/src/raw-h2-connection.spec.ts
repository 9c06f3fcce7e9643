import { once } from 'node:events';
import { createServer, type Http2Server, type IncomingHttpHeaders, type Settings } from 'node:http2';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { requestHeaderBlocks } from './hpack-request-block';
import { RawH2Connection, type RepeatedRequest } from './raw-h2-connection';

// node:http2's server (nghttp2) decodes what the connection sends: its HPACK decoder rejects a block that indexes an
// entry it does not have, or that omits a size update it is owed, with a COMPRESSION_ERROR that fails every stream.

const FIELDS: [string, string][] = [
  [':path', '/sample.SampleService/GetSamples'],
  [':authority', '127.0.0.1'],
  ['content-type', 'application/grpc'],
  ['te', 'trailers'],
  ['grpc-timeout', '5000m'],
];

function request(fields: [string, string][]): RepeatedRequest {
  return { headers: requestHeaderBlocks([3, 6], fields), body: Buffer.from('hello') };
}

/** A server that records each stream's request headers and body and answers 200 "ok". */
async function recordingServer(settings: Settings): Promise<{ server: Http2Server; port: number; seen: any[] }> {
  const seen: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer({ settings });
  server.on('stream', (stream, headers) => {
    const parts: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => parts.push(chunk));
    stream.on('end', () => {
      seen.push({ headers, body: Buffer.concat(parts).toString() });
      stream.respond({ ':status': 200 });
      stream.end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, seen };
}

/**
 * A TCP server that speaks just enough HTTP/2 to be sent streams (its empty SETTINGS) and records, in the order they
 * arrived, the type and stream of every HEADERS (1) and DATA (0) frame; it never answers them.
 */
async function frameRecorder(): Promise<{
  server: Server;
  port: number;
  frames: string[];
  arrived: (n: number) => Promise<void>;
}> {
  const frames: string[] = [];
  const server = createTcpServer((socket: Socket) => {
    let bytes = Buffer.alloc(0);
    let at = 24; // the client's connection preface
    socket.write(Buffer.from([0, 0, 0, 0x4, 0, 0, 0, 0, 0]));
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      while (bytes.length - at >= 9 && bytes.length - at >= 9 + bytes.readUIntBE(at, 3)) {
        const type = bytes[at + 3];
        if (type === 0 || type === 1) frames.push(`${type === 1 ? 'HEADERS' : 'DATA'} ${bytes.readUInt32BE(at + 5)}`);
        at += 9 + bytes.readUIntBE(at, 3);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const arrived = async (n: number) => {
    for (let i = 0; i < 200 && frames.length < n; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return { server, port: (server.address() as AddressInfo).port, frames, arrived };
}

/** `count` streams on one connection, one after another; resolves with each one's status and reply. */
async function sendSequentially(connection: RawH2Connection, count: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(
      await new Promise<string>((resolve, reject) => {
        let status = 0;
        let reply = '';
        connection.open({
          onStatus: (s) => (status = s.http ?? status),
          onData: (chunk) => (reply += chunk.toString()),
          onEnd: () => resolve(`${status} ${reply}`),
          onFail: reject,
        });
      }),
    );
  }
  return out;
}

describe('RawH2Connection', () => {
  let server: Http2Server | undefined;
  let connection: RawH2Connection | undefined;
  afterEach(async () => {
    connection?.close();
    if (server) await new Promise((resolve) => server!.close(resolve));
    server = connection = undefined;
  });

  // Only the string-keyed headers (node:http2 adds a symbol for sensitive ones).
  const fields = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers));
  const expected = { ':method': 'POST', ':scheme': 'http', ...Object.fromEntries(FIELDS) };

  it.each([
    ['the default table: the first request adds the fields, later ones index them', {}],
    ['a server that keeps no table: a size update, then literals', { headerTableSize: 0 }],
    ['a table smaller than the default but large enough: literals all the same', { headerTableSize: 1024 }],
  ])('sends the same headers on every stream, %s', async (_name, settings) => {
    const started = await recordingServer(settings);
    server = started.server;
    connection = new RawH2Connection('127.0.0.1', started.port, request(FIELDS));
    expect(await sendSequentially(connection, 4)).toEqual(Array(4).fill('200 ok'));
    expect(started.seen.map((s) => fields(s.headers))).toEqual(Array(4).fill(expected));
    expect(started.seen.map((s) => s.body)).toEqual(Array(4).fill('hello'));
  });

  it('sends literals every time when the fields would not fit the default table', async () => {
    const started = await recordingServer({});
    server = started.server;
    const long: [string, string][] = [...FIELDS, ['x-long', 'a'.repeat(5000)]];
    expect(requestHeaderBlocks([3, 6], long).tableBytes).toBeGreaterThan(4096);
    connection = new RawH2Connection('127.0.0.1', started.port, request(long));
    expect(await sendSequentially(connection, 3)).toEqual(Array(3).fill('200 ok'));
    expect(started.seen.map((s) => s.headers['x-long'])).toEqual(Array(3).fill('a'.repeat(5000)));
  });

  // nghttp2 (h2load, grpc-js) queues the HEADERS that open streams ahead of DATA; the bare grpc-js server spends
  // less CPU per call on a batch in that order than on one sent stream by stream (raw-h2-connection.ts, send).
  it("sends a tick's streams as one batch, every HEADERS before the first DATA", async () => {
    const recorder = await frameRecorder();
    const tcp = recorder.server;
    try {
      connection = new RawH2Connection('127.0.0.1', recorder.port, request(FIELDS));
      const idle = {
        onStatus: () => undefined,
        onData: () => undefined,
        onEnd: () => undefined,
        onFail: () => undefined,
      };
      // Opened before the server's SETTINGS: they wait, then go out together when it arrives.
      for (let i = 0; i < 3; i++) connection.open(idle);
      await recorder.arrived(6);
      // Opened together later, on a connection already going.
      for (let i = 0; i < 2; i++) connection.open(idle);
      await recorder.arrived(10);
      expect(recorder.frames).toEqual([
        'HEADERS 1',
        'HEADERS 3',
        'HEADERS 5',
        'DATA 1',
        'DATA 3',
        'DATA 5',
        'HEADERS 7',
        'HEADERS 9',
        'DATA 7',
        'DATA 9',
      ]);
    } finally {
      connection?.close();
      connection = undefined;
      await new Promise((resolve) => tcp.close(resolve));
    }
  });
});

describe('requestHeaderBlocks', () => {
  it('indexes every field after the first request: one byte each, the last literal at 62', () => {
    const blocks = requestHeaderBlocks([3, 6], FIELDS);
    expect(blocks.indexed).toEqual(Buffer.from([0x83, 0x86, 0x80 | 66, 0x80 | 65, 0x80 | 64, 0x80 | 63, 0x80 | 62]));
    // 0x40: literal with incremental indexing, new name; 0x00: without indexing.
    expect(blocks.indexing.subarray(0, 4)).toEqual(Buffer.from([0x83, 0x86, 0x40, 5]));
    expect(blocks.plain.subarray(0, 4)).toEqual(Buffer.from([0x83, 0x86, 0x00, 5]));
    expect(blocks.tableBytes).toBe(FIELDS.reduce((sum, [n, v]) => sum + n.length + v.length + 32, 0));
  });
});
