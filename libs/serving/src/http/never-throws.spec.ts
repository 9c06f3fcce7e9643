import { createServer, request, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { neverThrows } from './never-throws';

const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (d: string) => (body += d))
        .on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });

describe('neverThrows', () => {
  let server: Server;
  const logged: string[] = [];

  beforeAll(async () => {
    const handler = neverThrows(
      (req, res) => {
        if (req.url === '/ok') return void res.end('ok');
        decodeURIComponent(req.url!.slice(1));
        res.end('decoded');
      },
      (line) => logged.push(line),
    );
    server = createServer(handler);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('answers what the handler throws with a 500 naming it, logs one line, and keeps serving', async () => {
    const { port } = server.address() as AddressInfo;
    expect(await get(port, '/%E0%A4%A')).toEqual({
      status: 500,
      body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'URI malformed' }),
    });
    expect(logged).toEqual(['GET /%E0%A4%A: URI malformed (answered 500)']);
    expect(await get(port, '/ok')).toEqual({ status: 200, body: 'ok' });
  });
});
