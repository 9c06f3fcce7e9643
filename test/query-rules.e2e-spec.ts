// One query rule on every JSON server (Nest on Express, Nest on Fastify, bare): each known parameter at most once,
// anything else (brackets included) refused naming the valid ones, values as sent; the same 400, byte for byte.
// And the client, whose parameters follow the same rule: a network profile is named exactly.
import { get } from 'node:http';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(60_000);

/** GET with the path exactly as written (no URL normalisation), on a fresh connection. */
function getRaw(port: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: Number(port), path, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
    }).on('error', reject);
  });
}

const STREAM_PARAMETERS = { parameters: ['chunk', 'offset', 'shape', 'serializer'] };
const unknownOnStream = (name: string) => ({
  statusCode: 400,
  error: 'Bad Request',
  parameter: name,
  limit: STREAM_PARAMETERS,
  message: `${name} does not apply to GET /samples/:count/stream; valid parameters: chunk, offset, shape, serializer`,
});
const unknownOnSamples = (name: string) => ({
  statusCode: 400,
  error: 'Bad Request',
  parameter: name,
  limit: { parameters: ['shape', 'serializer'] },
  message: `${name} does not apply to GET /samples/:count; valid parameters: shape, serializer`,
});

describe('one query rule for every JSON server, and the client', () => {
  let env: Record<string, string>;
  let apps: AppProcess[] = [];
  let servers: [string, string][];

  beforeAll(async () => {
    env = await portsEnv({ BARE_JSON_SERVER_PORT: String(await freePort()) });
    apps = (['json-server', 'json-fastify-server', 'bare-json-server', 'client'] as const).map((app) =>
      AppProcess.start(app, env),
    );
    await Promise.all(apps.map((a) => a.waitFor(LISTENING)));
    servers = [
      ['express', env.JSON_SERVER_PORT],
      ['fastify', env.FASTIFY_JSON_SERVER_PORT],
      ['bare', env.BARE_JSON_SERVER_PORT],
    ];
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
  });

  it.each([
    [
      'chunk=1&chunk=2',
      {
        statusCode: 400,
        error: 'Bad Request',
        parameter: 'chunk',
        limit: { maxCount: 1 },
        message: 'chunk is given 2 times; give it once',
      },
    ],
    [
      'offset=0&chunk=5&offset=0',
      {
        statusCode: 400,
        error: 'Bad Request',
        parameter: 'offset',
        limit: { maxCount: 1 },
        message: 'offset is given 2 times; give it once',
      },
    ],
    ['chunk[]=1', unknownOnStream('chunk[]')],
    ['chunk[a]=1', unknownOnStream('chunk[a]')],
    ['__proto__[chunk]=1', unknownOnStream('__proto__[chunk]')],
    ['chunk%5B%5D=1', unknownOnStream('chunk[]')],
    ['rows=5&chunk=1', unknownOnStream('rows')],
    // A value is taken as sent: not trimmed into a number.
    [
      'chunk=5%20',
      {
        statusCode: 400,
        error: 'Bad Request',
        parameter: 'chunk',
        limit: 1_000_000,
        message: 'chunk must be an integer from 1 to 1000000, got "5 "',
      },
    ],
  ])('GET /samples/10/stream?%s: the same 400 from Express, Fastify and the bare server', async (query, expected) => {
    const replies = await Promise.all(servers.map(([, port]) => getRaw(port, `/samples/10/stream?${query}`)));
    for (const [i, reply] of replies.entries()) {
      expect({ server: servers[i][0], status: reply.status, body: JSON.parse(reply.body) }).toEqual({
        server: servers[i][0],
        status: 400,
        body: expected,
      });
    }
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
  });

  it.each([
    ['chunk=1', unknownOnSamples('chunk')],
    ['x[]=1', unknownOnSamples('x[]')],
    ['__proto__[x]=1', unknownOnSamples('__proto__[x]')],
  ])('GET /samples/10?%s: the same 400 from every server, as that route takes only shape', async (query, expected) => {
    const replies = await Promise.all(servers.map(([, port]) => getRaw(port, `/samples/10?${query}`)));
    for (const [i, reply] of replies.entries()) {
      expect({ server: servers[i][0], status: reply.status, body: JSON.parse(reply.body) }).toEqual({
        server: servers[i][0],
        status: 400,
        body: expected,
      });
    }
  });

  it('still serves what the rule allows, on every server', async () => {
    for (const [name, port] of servers) {
      const stream = await getRaw(port, '/samples/10/stream?chunk=3&offset=2');
      expect({ name, status: stream.status, lines: stream.body.trim().split('\n').length }).toEqual({
        name,
        status: 200,
        lines: 10,
      });
      expect(JSON.parse(stream.body.split('\n')[0])).toMatchObject({ rowNum: 2 });
      const unary = await getRaw(port, '/samples/3');
      expect({ name, status: unary.status, rows: JSON.parse(unary.body).samples.length }).toEqual({
        name,
        status: 200,
        rows: 3,
      });
    }
  });

  it('the client refuses ?network=wan%20 (no trimming), naming the profiles', async () => {
    const { status, body } = await getRaw(env.CLIENT_PORT, '/client/json/single/1?network=wan%20');
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      parameter: 'network',
      limit: { values: ['loopback', 'lan', 'region', 'wan', 'mobile'] },
      message:
        'network: no profile named "wan "; the profiles are loopback, lan, region, wan, mobile ' +
        '(network-profiles.json, NETWORK_PROFILES_FILE)',
    });
  });

  it.each(['network[]=wan', '__proto__[network]=wan', 'network[a]=wan'])(
    'the client refuses ?%s as an unknown parameter',
    async (query) => {
      const name = query.split('=')[0];
      const { status, body } = await getRaw(env.CLIENT_PORT, `/client/json/single/1?${query}`);
      expect(status).toBe(400);
      expect(JSON.parse(body)).toMatchObject({
        parameter: name,
        limit: { parameters: expect.arrayContaining(['network', 'chunk']) },
        message: expect.stringMatching(
          new RegExp(`^${name.replace(/[[\]]/g, '\\$&')} does not apply to /client/json/single/:rows`),
        ),
      });
    },
  );
});
