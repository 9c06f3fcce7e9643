// The h2c Connect servers (the bare server's h2c listener, the Nest h2c app) with one large reply waiting in an
// HTTP/2 session, as it does while its client reads slowly or after the server spent seconds serializing it: the
// next call on that session is answered, not refused. Node's HTTP/2 server refuses new streams with
// ENHANCE_YOUR_CALM once a session holds more than maxSessionMemory (10 MB by default); the reply's bytes are
// already admitted by MAX_INFLIGHT_BYTES, and grpc-js lifts the same limit on the gRPC servers.
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { createClient } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { SampleService } from '@app/codecs';
import { AppProcess } from './support/app-process';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(90_000);

function post(session: ClientHttp2Session, body: string, read: boolean): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({
      ':method': 'POST',
      ':path': '/sample.SampleService/GetSamples',
      'content-type': 'application/json',
    });
    let status = 0;
    let bytes = 0;
    stream.on('response', (headers) => {
      status = Number(headers[':status']);
      // An unread reply: its first bytes say it is being written, the rest waits in the server's session.
      if (!read) stream.pause();
      if (!read) resolve({ status, bytes });
    });
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    stream.on('end', () => resolve({ status, bytes }));
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('an h2c session holding a large unread reply', () => {
  let env: Record<string, string>;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    env = await portsEnv();
    for (const app of ['json-h2-server', 'bare-connect-server'] as const) apps.push(AppProcess.start(app, env));
    await Promise.all(apps.map((app) => app.waitFor(LISTENING)));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
  });

  it.each([
    ['Nest h2c (json-h2-server)', 'H2_JSON_SERVER_PORT'],
    ['bare h2c', 'BARE_CONNECT_H2_SERVER_PORT'],
  ])('%s: the next call on the session is answered', async (_name, portVariable) => {
    const session = connect(`http://127.0.0.1:${env[portVariable]}`);
    try {
      // About 26 MB of JSON, far more than the client's flow-control window: most of it stays queued server-side.
      expect((await post(session, '{"count":100000}', false)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
      const next = await post(session, '{"count":3}', true).catch((e: NodeJS.ErrnoException) => e);
      expect(next).toMatchObject({ status: 200 });
    } finally {
      session.destroy(undefined, constants.NGHTTP2_CANCEL);
    }
  });
});

describe('an h2c session idle for longer than its keep-alive timeout while a reply is built', () => {
  // A reply built in pieces sends no frame until it is whole, while the event loop runs: the session looks idle.
  let env: Record<string, string>;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    env = await portsEnv({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000' });
    for (const app of ['json-h2-server', 'bare-connect-server'] as const) apps.push(AppProcess.start(app, env));
    await Promise.all(apps.map((app) => app.waitFor(LISTENING)));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
  });

  it.each([
    ['Nest h2c (json-h2-server)', 'H2_JSON_SERVER_PORT'],
    ['bare h2c', 'BARE_CONNECT_H2_SERVER_PORT'],
  ])(
    '%s: the call gets its reply (an idle session is closed gracefully, not under a call)',
    async (_name, portVariable) => {
      // 300,000 rows of protobuf take seconds to build, several times the 1 s timeout.
      const reply = await createClient(
        SampleService,
        createGrpcTransport({ baseUrl: `http://127.0.0.1:${env[portVariable]}` }),
      ).getSamples({ count: 300_000 });
      expect(reply.samples).toHaveLength(300_000);
    },
  );
});
