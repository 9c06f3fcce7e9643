// Connect served from the built apps: the Nest JSON apps (Express, Fastify, h2c Fastify) through ConnectModule and
// the bare Connect server, called by connect-es's own clients in every protocol each HTTP version allows, by a plain
// POST and by curl. Every reply is verified: row count and the project's checksum of the rows' JSON form; the
// Connect JSON of every shape equals the JSON server's reply and the gRPC server's rows.
import { execFile, execFileSync } from 'node:child_process';
import { Code, createClient } from '@connectrpc/connect';
import { getProtobufCodec, NestedService, PROTOBUF_ES_REGISTRY, SampleService } from '@app/codecs';
import { getShape, jsonRowsOf, protoJsonName, shapeNames } from '@app/shapes';
import { AppProcess } from './support/app-process';
import { CONNECT_PROTOCOLS, ConnectProtocol, digests } from './support/connect';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(60_000);

const MAX_ROWS = 20_000;
const ROWS = 10_000;
const codec = getProtobufCodec('protobuf-es');
const row = getShape('row');
const nested = getShape('nested');

// Where each server answers and which protocols go there: gRPC needs HTTP/2, so only the h2c listeners take it.
const SERVERS = [
  {
    name: 'Nest Express (json-server)',
    portVariable: 'JSON_SERVER_PORT',
    httpVersion: '1.1',
    protocols: ['connect-binary', 'connect-json', 'grpc-web'],
  },
  {
    name: 'Nest Fastify (json-fastify-server)',
    portVariable: 'FASTIFY_JSON_SERVER_PORT',
    httpVersion: '1.1',
    protocols: ['connect-binary', 'connect-json', 'grpc-web'],
  },
  {
    name: 'Nest Fastify h2c (json-h2-server)',
    portVariable: 'H2_JSON_SERVER_PORT',
    httpVersion: '2',
    protocols: ['connect-binary', 'grpc', 'grpc-web'],
  },
  {
    name: 'bare HTTP/1.1 (bare-connect-server)',
    portVariable: 'BARE_CONNECT_SERVER_PORT',
    httpVersion: '1.1',
    protocols: ['connect-binary', 'connect-json', 'grpc-web'],
  },
  {
    name: 'bare h2c (bare-connect-server)',
    portVariable: 'BARE_CONNECT_H2_SERVER_PORT',
    httpVersion: '2',
    protocols: ['connect-binary', 'connect-json', 'grpc'],
  },
] as const;

const CASES = SERVERS.flatMap((server) => server.protocols.map((protocol) => [server.name, protocol, server] as const));

const curlAvailable = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A protobuf varint's bytes. */
function varint(value: bigint): number[] {
  const bytes: number[] = [];
  for (; value >= 0x80n; value >>= 7n) bytes.push(Number(value & 0x7fn) | 0x80);
  return [...bytes, Number(value)];
}

function curl(args: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) =>
    execFile('curl', ['-sS', '-w', '\n%{http_code}', ...args], { timeout: 20_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`curl ${args.join(' ')} failed: ${stderr || error.message}`));
      const cut = stdout.lastIndexOf('\n');
      resolve({ status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) });
    }),
  );
}

describe('Connect servers (built apps)', () => {
  let env: Record<string, string>;
  const apps: AppProcess[] = [];
  const baseUrl = (portVariable: string) => `http://127.0.0.1:${env[portVariable]}`;

  beforeAll(async () => {
    env = await portsEnv({ MAX_ROWS: String(MAX_ROWS) });
    for (const app of [
      'json-server',
      'json-fastify-server',
      'json-h2-server',
      'bare-connect-server',
      'grpc-server',
    ] as const)
      apps.push(AppProcess.start(app, env));
    await Promise.all(apps.map((app) => app.waitFor(LISTENING)));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
  });

  it('the bare server says where both of its listeners are', () => {
    const bare = apps[3].output;
    expect(bare).toContain(
      `bare-connect-server listening on ` +
        `http://127.0.0.1:${env.BARE_CONNECT_SERVER_PORT} (HTTP/1.1) and ` +
        `http://127.0.0.1:${env.BARE_CONNECT_H2_SERVER_PORT} (h2c)`,
    );
  });

  describe.each(CASES)('%s, %s', (_name, protocol, server) => {
    const transport = () =>
      CONNECT_PROTOCOLS[protocol as ConnectProtocol](baseUrl(server.portVariable), server.httpVersion);

    it(`GetSamples: ${ROWS} rows, count and checksum right; the generate time in a server-timing trailer`, async () => {
      let serverTiming: string | null = null;
      const reply = await createClient(SampleService, transport()).getSamples(
        { count: ROWS },
        { onTrailer: (t) => (serverTiming = t.get('server-timing')) },
      );
      expect(serverTiming).toMatch(/^generate;dur=\d/);
      const { received, expected } = digests(row, codec.forShape(row).toJsonRows(reply), ROWS);
      expect(received).toEqual(expected);
      expect(received.count).toBe(ROWS);
    });

    it('StreamSamples: 2,500 rows from offset 100 in messages of 1,000', async () => {
      const messages = [];
      for await (const message of createClient(SampleService, transport()).streamSamples({
        count: 2500,
        offset: 100,
        chunkRows: 1000,
      }))
        messages.push(message);
      expect(messages.map((m) => m.samples.length)).toEqual([1000, 1000, 500]);
      const { received, expected } = digests(
        row,
        messages.flatMap((m) => codec.forShape(row).toJsonRows(m)),
        2500,
        100,
      );
      expect(received).toEqual(expected);
    });

    it("the nested shape's GetRows (wirebench.shapes.NestedService): 1,000 rows, checksum right", async () => {
      const reply = await createClient(NestedService, transport()).getRows({ count: 1000 });
      const { received, expected } = digests(nested, codec.forShape(nested).toJsonRows(reply), 1000);
      expect(received).toEqual(expected);
    });

    it('count above MAX_ROWS: invalid_argument naming MAX_ROWS', async () => {
      await expect(createClient(SampleService, transport()).getSamples({ count: MAX_ROWS + 1 })).rejects.toMatchObject({
        code: Code.InvalidArgument,
        rawMessage: `count must be an integer from 0 to ${MAX_ROWS} (MAX_ROWS), got ${MAX_ROWS + 1}`,
      });
    });
  });

  describe.each(SERVERS.filter((s) => s.httpVersion === '1.1'))('$name: a plain HTTP/1.1 POST', (server) => {
    const url = () => `${baseUrl(server.portVariable)}/sample.SampleService/GetSamples`;

    it("count above MAX_ROWS: HTTP 400 with Connect's error body naming MAX_ROWS", async () => {
      const res = await fetch(url(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count: MAX_ROWS + 1 }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'invalid_argument',
        message: `count must be an integer from 0 to ${MAX_ROWS} (MAX_ROWS), got ${MAX_ROWS + 1}`,
      });
    });

    it('a binary count varint outside int32 (2^32 + 5): HTTP 400 naming MAX_ROWS, not a reply of 5 rows', async () => {
      const body = Uint8Array.from([0x08, ...varint(2n ** 32n + 5n)]);
      const res = await fetch(url(), { method: 'POST', headers: { 'content-type': 'application/proto' }, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'invalid_argument',
        message: `count must be an integer from 0 to ${MAX_ROWS} (MAX_ROWS), got 4294967301`,
      });
    });

    it(
      'protobuf bytes that end inside a field (0a ff): HTTP 400 invalid_argument naming the message, not 500 ' +
        'internal',
      async () => {
        const res = await fetch(url(), {
          method: 'POST',
          headers: { 'content-type': 'application/proto' },
          body: Uint8Array.from([0x0a, 0xff]),
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          code: 'invalid_argument',
          message: 'request is not a valid sample.GetSamplesParam: premature EOF',
        });
      },
    );

    (curlAvailable ? it : it.skip)(
      `curl -X POST -H 'content-type: application/json' -d '{"count":3}': the JSON server's ` +
        `rows${curlAvailable ? '' : ' (skipped: no curl on PATH)'}`,
      async () => {
        const { status, body } = await curl([
          '-X',
          'POST',
          '-H',
          'content-type: application/json',
          '-d',
          '{"count":3}',
          url(),
        ]);
        expect(status).toBe(200);
        expect(JSON.parse(body)).toEqual({ samples: jsonRowsOf(row, 3) });
        const jsonServer = await (await fetch(`${baseUrl('JSON_SERVER_PORT')}/samples/3`)).json();
        expect(JSON.parse(body)).toEqual(jsonServer);
      },
    );
  });

  describe.each(shapeNames())("shape %s in the Connect protocol's JSON", (name) => {
    const shape = getShape(name);
    const post = (portVariable: string) =>
      fetch(`${baseUrl(portVariable)}/${shape.grpcService}/${shape.unaryMethod}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"count":5}',
      });

    it("is the JSON server's reply for the same rows, from the Nest app and the bare server", async () => {
      const query = name === 'row' ? '' : `?shape=${name}`;
      const jsonServer = await (await fetch(`${baseUrl('JSON_SERVER_PORT')}/samples/5${query}`)).json();
      expect(await (await post('FASTIFY_JSON_SERVER_PORT')).json()).toEqual(jsonServer);
      expect(await (await post('BARE_CONNECT_SERVER_PORT')).json()).toEqual(jsonServer);
    });

    it("is what the gRPC server's rows give, decoded and printed by protobuf-es", async () => {
      const service = PROTOBUF_ES_REGISTRY.getService(shape.grpcService)!;
      const method = service.methods.find((m) => m.name === shape.unaryMethod)!.localName;
      const grpcServer = createClient(
        service,
        CONNECT_PROTOCOLS.grpc(baseUrl('GRPC_SERVER_PORT'), '2'),
      ) as unknown as Record<string, (r: object) => Promise<unknown>>;
      const decoded = await grpcServer[method]({ count: 5 });
      const rows = codec.forShape(shape).toJsonRows(decoded);
      const connectJson = (await (await post('JSON_SERVER_PORT')).json()) as Record<string, unknown>;
      expect(connectJson[protoJsonName(shape.rowsField)]).toEqual(rows);
    });
  });

  (curlAvailable ? it : it.skip)(
    `curl --http2-prior-knowledge to the h2c app: the same JSON${curlAvailable ? '' : ' (skipped: no curl on PATH)'}`,
    async () => {
      const { status, body } = await curl([
        '--http2-prior-knowledge',
        '-X',
        'POST',
        '-H',
        'content-type: application/json',
        '-d',
        '{"count":3}',
        `${baseUrl('H2_JSON_SERVER_PORT')}/sample.SampleService/GetSamples`,
      ]);
      expect(status).toBe(200);
      expect(JSON.parse(body)).toEqual({ samples: jsonRowsOf(row, 3) });
    },
  );

  it('the Nest apps keep their JSON routes and resources report beside Connect', async () => {
    for (const portVariable of ['JSON_SERVER_PORT', 'FASTIFY_JSON_SERVER_PORT']) {
      expect((await (await fetch(`${baseUrl(portVariable)}/samples/2`)).json()).samples).toEqual(jsonRowsOf(row, 2));
      expect((await fetch(`${baseUrl(portVariable)}/admin/resources`)).status).toBe(200);
    }
  });

  it('the bare server answers GET /admin/resources on its HTTP/1.1 listener, and 404 elsewhere', async () => {
    const snapshot = await (await fetch(`${baseUrl('BARE_CONNECT_SERVER_PORT')}/admin/resources`)).json();
    expect(snapshot.rssBytes).toBeGreaterThan(0);
    expect((await fetch(`${baseUrl('BARE_CONNECT_SERVER_PORT')}/nowhere`)).status).toBe(404);
  });

  it('no server logged an abandoned call: every caller here waited for its reply (HTTP/1.1 and h2c alike)', () => {
    for (const app of apps) expect(app.output).not.toContain('the caller went away');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('the bare server closes both listeners and exits 0 on %s', async (signal) => {
    const bare = AppProcess.start('bare-connect-server', await portsEnv());
    await bare.waitFor(LISTENING);
    bare.child.kill(signal);
    expect(await bare.exited).toEqual({ code: 0, signal: null });
  });
});
