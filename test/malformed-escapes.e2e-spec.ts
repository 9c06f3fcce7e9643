// Malformed percent-escapes (%E0%A4%A: a truncated UTF-8 sequence, which decodeURIComponent throws on) in every
// route of every server, Nest and bare, HTTP/1.1 and HTTP/2: each is answered (4xx, never 5xx) and no process exits.
// One such DELETE once ended the bare JSON and bare Connect servers with an uncaught URIError.
import { request } from 'node:http';
import { connect, constants } from 'node:http2';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(60_000);

const BAD = '%E0%A4%A';

// Every route the HTTP servers declare, each parameter (path and query) malformed in turn; the Connect procedures too.
const SERVER_ROUTES: [string, string][] = [
  ['GET', `/samples/${BAD}`],
  ['GET', `/server-a/${BAD}`],
  ['GET', `/samples/${BAD}/stream`],
  ['GET', `/samples/1?shape=${BAD}`],
  ['GET', `/samples/1?serializer=${BAD}`],
  ['GET', `/samples/10/stream?chunk=${BAD}`],
  ['GET', `/samples/10/stream?offset=${BAD}`],
  ['GET', `/admin/resources/${BAD}`],
  ['POST', `/admin/resources/windows/${BAD}`],
  ['DELETE', `/admin/resources/windows/${BAD}`],
  ['POST', `/sample.SampleService/GetSamples${BAD}`],
  ['POST', `/sample.SampleService${BAD}/GetSamples`],
  ['GET', `/${BAD}`],
];

const CLIENT_ROUTES: [string, string][] = [
  ...['json', 'grpc', 'call-a', 'call-b'].map((t): [string, string] => ['GET', `/client/${t}/single/${BAD}`]),
  ...['json', 'grpc'].map((t): [string, string] => ['GET', `/client/${t}/parallel/${BAD}`]),
  ['GET', `/client/json/single/1?runs=${BAD}`],
  ['GET', `/client/compare?rows=${BAD}`],
  ['GET', `/client/bench?preset=${BAD}`],
  ['GET', `/client/load?concurrency=${BAD}`],
  ['GET', `/client/results/${BAD}/${BAD}`],
  ['GET', `/client${BAD}`],
];

const GRPC_PATHS = [`/sample.SampleService/GetSamples${BAD}`, `/sample.SampleService${BAD}/StreamSamples`, `/${BAD}`];

function http1(port: number, method: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent: false, timeout: 10_000 }, (res) => {
      res.resume().on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

/** The :status (and grpc-status, if any) of one HTTP/2 request. */
function http2(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; grpcStatus?: string }> {
  return new Promise((resolve, reject) => {
    const session = connect(`http://127.0.0.1:${port}`);
    session.on('error', reject);
    const stream = session.request({
      [constants.HTTP2_HEADER_METHOD]: method,
      [constants.HTTP2_HEADER_PATH]: path,
      ...headers,
    });
    let status = 0;
    let grpcStatus: string | undefined;
    stream.on('response', (h) => {
      status = Number(h[':status']);
      grpcStatus = h['grpc-status'] as string | undefined;
    });
    stream.on('trailers', (t) => (grpcStatus = (t['grpc-status'] as string | undefined) ?? grpcStatus));
    stream.on('error', reject);
    stream.resume().on('end', () => {
      session.close();
      resolve({ status, grpcStatus });
    });
    stream.setTimeout(10_000, () => stream.close(constants.NGHTTP2_CANCEL));
    stream.end();
  });
}

describe('malformed percent-escapes in every route of every server', () => {
  let env: Record<string, string>;
  let apps: Record<string, AppProcess>;

  beforeAll(async () => {
    env = await portsEnv({
      BARE_JSON_SERVER_PORT: String(await freePort()),
      BARE_GRPC_SERVER_PORT: String(await freePort()),
      MAX_ROWS: '1000',
    });
    const names = [
      'json-server',
      'json-fastify-server',
      'json-h2-server',
      'grpc-server',
      'bare-json-server',
      'bare-grpc-server',
      'bare-connect-server',
      'client',
    ] as const;
    apps = Object.fromEntries(names.map((name) => [name, AppProcess.start(name, env)]));
    await Promise.all(Object.values(apps).map((app) => app.waitFor(LISTENING)));
  });

  afterAll(async () => {
    await Promise.all(Object.values(apps ?? {}).map((app) => app.stop()));
  });

  const alive = () =>
    Object.entries(apps)
      .filter(([, app]) => !app.running)
      .map(([name]) => name);

  it.each([
    ['json-server (Express)', 'JSON_SERVER_PORT'],
    ['json-fastify-server', 'FASTIFY_JSON_SERVER_PORT'],
    ['bare-json-server', 'BARE_JSON_SERVER_PORT'],
    ['bare-connect-server', 'BARE_CONNECT_SERVER_PORT'],
  ])('%s answers each with a 4xx over HTTP/1.1', async (_name, portVariable) => {
    const port = Number(env[portVariable]);
    const answers = [];
    for (const [method, path] of SERVER_ROUTES) answers.push(`${method} ${path} ${await http1(port, method, path)}`);
    expect(answers.filter((a) => !/ 4\d\d$/.test(a))).toEqual([]);
    expect(alive()).toEqual([]);
    expect(await http1(port, 'GET', '/admin/resources')).toBe(200);
  });

  it.each([
    ['json-h2-server', 'H2_JSON_SERVER_PORT'],
    ['bare-connect-server (h2c)', 'BARE_CONNECT_H2_SERVER_PORT'],
  ])('%s answers each with a 4xx over HTTP/2', async (_name, portVariable) => {
    const port = Number(env[portVariable]);
    const answers = [];
    for (const [method, path] of SERVER_ROUTES)
      answers.push(`${method} ${path} ${(await http2(port, method, path)).status}`);
    expect(answers.filter((a) => !/ 4\d\d$/.test(a))).toEqual([]);
    expect(alive()).toEqual([]);
  });

  it.each([
    ['grpc-server', 'GRPC_SERVER_PORT'],
    ['bare-grpc-server', 'BARE_GRPC_SERVER_PORT'],
  ])('%s answers each gRPC path with UNIMPLEMENTED and keeps serving', async (_name, portVariable) => {
    const port = Number(env[portVariable]);
    for (const path of GRPC_PATHS) {
      const answer = await http2(port, 'POST', path, { 'content-type': 'application/grpc', te: 'trailers' });
      expect({ path, grpcStatus: answer.grpcStatus }).toEqual({ path, grpcStatus: String(12) });
    }
    expect(alive()).toEqual([]);
  });

  it('the client answers each of its routes with a 4xx', async () => {
    const port = Number(env.CLIENT_PORT);
    const answers = [];
    for (const [method, path] of CLIENT_ROUTES) answers.push(`${method} ${path} ${await http1(port, method, path)}`);
    expect(answers.filter((a) => !/ 4\d\d$/.test(a))).toEqual([]);
    expect(alive()).toEqual([]);
  });
});
