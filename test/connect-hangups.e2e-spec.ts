// A caller who hangs up in the middle of a Connect reply, on every HTTP/1.1 Connect server (the Nest apps on Express
// and Fastify, the bare server): each abandoned call is one log line naming the procedure, with no stack. Before,
// connect-es's adapters logged `ConnectError: [internal] write EPIPE` with its stack when the write failed with
// EPIPE, and nothing when it failed with ECONNRESET (which of the two comes is a race).
import { connect } from 'node:net';
import { AppProcess } from './support/app-process';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(90_000);

// Large enough that the reply (about 53 MB of JSON) cannot sit whole in the sockets' buffers when the caller leaves.
const BODY = '{"count":200000}';
const HANGUPS = 3;
const GONE_LINE = /sample\.SampleService\/GetSamples: the caller went away before the reply was written \(.+\)/g;

/** Asks for the reply, reads its first bytes, and hangs up. */
function hangUpMidReply(port: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', reject);
    socket.write(
      `POST /sample.SampleService/GetSamples HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: ` +
        `application/json\r\ncontent-length: ${BODY.length}\r\n\r\n${BODY}`,
    );
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
  });
}

describe('a caller who hangs up mid-reply', () => {
  let env: Record<string, string>;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    env = await portsEnv();
    for (const app of ['json-server', 'json-fastify-server', 'bare-connect-server'] as const)
      apps.push(AppProcess.start(app, env));
    await Promise.all(apps.map((app) => app.waitFor(LISTENING)));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
  });

  it.each([
    ['Nest Express', 0, 'JSON_SERVER_PORT'],
    ['Nest Fastify', 1, 'FASTIFY_JSON_SERVER_PORT'],
    ['bare', 2, 'BARE_CONNECT_SERVER_PORT'],
  ] as const)('%s: one line per abandoned call, naming the procedure; no stack', async (_name, index, portVariable) => {
    for (let i = 0; i < HANGUPS; i++) await hangUpMidReply(env[portVariable]);
    const output = () => apps[index].output;
    const deadline = Date.now() + 20_000;
    while ((output().match(GONE_LINE) ?? []).length < HANGUPS && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect((output().match(GONE_LINE) ?? []).length).toBe(HANGUPS);
    expect(output()).not.toContain('ConnectError');
    expect(output()).not.toMatch(/^\s+at /m);
    // A caller who waits for its reply is not logged.
    const res = await fetch(`http://127.0.0.1:${env[portVariable]}/sample.SampleService/GetSamples`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"count":20000}',
    });
    expect(((await res.json()) as { samples: unknown[] }).samples).toHaveLength(20_000);
    await new Promise((r) => setTimeout(r, 200));
    expect((output().match(GONE_LINE) ?? []).length).toBe(HANGUPS);
  });
});
