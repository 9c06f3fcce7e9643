import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createH2cServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { createServer as createTcpServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { Server as GrpcServer, ServerCredentials } from '@grpc/grpc-js';
import { ResourceMeter, resourcesRoute } from '@app/resources';
import { addHealthAndReflection, loadSamplePackageDefinition } from '@app/grpc';
import { identifyApp } from './identify-app';

// Real loopback servers: what a wirebench server answers (with its resource report and without), what a web server
// answers, and silence. Short limits, so the silent ones cost the suite little.
// Silence is told after LIMIT_MS (the cases that wait it out); a server that answers gets ANSWER_MS, so a CI machine
// busy with other suites cannot turn a slow first gRPC connection into "no answer" (seen: 0.5 s passed once).
const LIMIT_MS = 500;
const ANSWER_MS = 5000;

const PYTHON_404 =
  '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN"\n        ' +
  '"http://www.w3.org/TR/html4/strict.dtd">\n<html>\n    <head>\n' +
  '        <meta http-equiv="Content-Type" content="text/html;charset=utf-8">\n        <title>Error ' +
  'response</title>\n    </head>\n' +
  '    <body>\n        <h1>Error response</h1>\n        <p>Error code: 404</p>\n    </body>\n</html>\n';

type Handler = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => void;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

// http.Server and Http2Server are net.Servers.
async function listen(server: NetServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

async function httpServer(handler: Handler): Promise<string> {
  const server = createHttpServer(handler);
  const port = await listen(server);
  closers.push(async () => void server.closeAllConnections());
  return `http://127.0.0.1:${port}`;
}

function sendJson(res: ServerResponse | Http2ServerResponse, status: number, body: unknown): void {
  (res as ServerResponse).writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/**
 * The bare JSON server's answers: the admin routes with a meter, else its 404 for every path (SERVER_RESOURCES off).
 */
function wirebenchHandler(meter: ResourceMeter | null): Handler {
  return (req, res) => {
    const route = meter && resourcesRoute(meter, req.method ?? 'GET', req.url ?? '/');
    if (route) return sendJson(res, route.status, route.body);
    sendJson(res, 404, { statusCode: 404, error: 'Not Found', message: `Cannot ${req.method} ${req.url}` });
  };
}

/** Accepts connections and never says a word. */
async function silentServer(): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => sockets.add(socket));
  const port = await listen(server);
  closers.unshift(async () => sockets.forEach((s) => s.destroy()));
  return port;
}

async function grpcServer(wirebench: 'with report' | 'without report' | 'none'): Promise<string> {
  const server = new GrpcServer();
  if (wirebench !== 'none')
    addHealthAndReflection(
      loadSamplePackageDefinition(),
      server,
      wirebench === 'with report' ? new ResourceMeter() : null,
    );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  closers.push(async () => void server.forceShutdown());
  return `127.0.0.1:${port}`;
}

describe('identifyApp', () => {
  describe('an HTTP server', () => {
    it('with the resource report, or without it (its JSON 404), is wirebench', async () => {
      expect(
        await identifyApp('json-server', await httpServer(wirebenchHandler(new ResourceMeter())), ANSWER_MS),
      ).toEqual({ is: 'wirebench' });
      expect(await identifyApp('bare-json-server', await httpServer(wirebenchHandler(null)), ANSWER_MS)).toEqual({
        is: 'wirebench',
      });
    });

    it('over h2c only (the json-h2-server), is recognised over HTTP/2 once HTTP/1.1 fails', async () => {
      const server = createH2cServer(wirebenchHandler(new ResourceMeter()));
      const port = await listen(server);
      expect(await identifyApp('json-h2-server', `http://127.0.0.1:${port}`, ANSWER_MS)).toEqual({ is: 'wirebench' });
    });

    it(
      "answering an HTML 404 (python3 -m http.server) is a stranger, described by status, type and the page's " +
        'start',
      async () => {
        const url = await httpServer((_req, res) => {
          (res as ServerResponse).writeHead(404, { 'content-type': 'text/html;charset=utf-8' });
          res.end(PYTHON_404);
        });
        expect(await identifyApp('json-server', url, ANSWER_MS)).toEqual({
          is: 'stranger',
          answered:
            'GET /admin/resources gave 404 text/html ("<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" ' +
            '"http://ww" first 60 chars)',
        });
      },
    );

    it('answering 200 with JSON that is no resource snapshot is a stranger', async () => {
      const url = await httpServer((_req, res) => sendJson(res, 200, { status: 'ok' }));
      expect(await identifyApp('json-fastify-server', url, ANSWER_MS)).toEqual({
        is: 'stranger',
        answered: 'GET /admin/resources gave 200 application/json ("{"status":"ok"}")',
      });
    });

    it('that accepts and never answers is a stranger after the limit, not a hang', async () => {
      const port = await silentServer();
      const started = Date.now();
      expect(await identifyApp('bare-connect-server', `http://127.0.0.1:${port}`, LIMIT_MS)).toEqual({
        is: 'stranger',
        answered: 'GET /admin/resources: no answer within 0.5 s',
      });
      expect(Date.now() - started).toBeLessThan(LIMIT_MS * 3);
    });

    it('gone since (connection refused) is nobody: the launcher starts the app', async () => {
      const url = await httpServer(wirebenchHandler(null));
      await Promise.all(closers.splice(0).map((close) => close()));
      expect(await identifyApp('json-server', url, ANSWER_MS)).toEqual({ is: 'nobody' });
    });
  });

  describe('the client', () => {
    it('is known by its endpoint index listing /client/bench; a JSON 404 there is a stranger', async () => {
      const client = await httpServer((_req, res) =>
        sendJson(res, 200, {
          endpoints: [
            { method: 'GET', path: '/client' },
            { method: 'GET', path: '/client/bench' },
          ],
        }),
      );
      expect(await identifyApp('client', client, ANSWER_MS)).toEqual({ is: 'wirebench' });
      const other = await httpServer(wirebenchHandler(null));
      expect(await identifyApp('client', other, ANSWER_MS)).toEqual({
        is: 'stranger',
        answered:
          'GET /client gave 404 application/json ("{"statusCode":404,"error":"Not Found","message":"Cannot ' +
          'GET " first 60 chars)',
      });
    });
  });

  describe('a gRPC server', () => {
    it(
      'with Admin.Resources, or without it but with the rows service SERVING in its health service, is ' + 'wirebench',
      async () => {
        expect(await identifyApp('grpc-server', await grpcServer('with report'), ANSWER_MS)).toEqual({
          is: 'wirebench',
        });
        expect(await identifyApp('bare-grpc-server', await grpcServer('without report'), ANSWER_MS)).toEqual({
          is: 'wirebench',
        });
      },
    );

    it('that serves neither is a stranger, named by both answers', async () => {
      expect(await identifyApp('grpc-server', await grpcServer('none'), ANSWER_MS)).toEqual({
        is: 'stranger',
        answered:
          'Admin.Resources is UNIMPLEMENTED and Health.Check(sample.SampleService): UNIMPLEMENTED ' +
          '("The server does not implement the method /grpc.health.v1.Hea" first 60 chars)',
      });
    });

    it('where an HTTP/1.1 server answers is a stranger', async () => {
      const url = await httpServer((_req, res) => {
        (res as ServerResponse).writeHead(404, { 'content-type': 'text/html' });
        res.end(PYTHON_404);
      });
      const identity = await identifyApp('grpc-server', url.replace('http://', ''), ANSWER_MS);
      expect(identity).toMatchObject({
        is: 'stranger',
        answered: expect.stringMatching(/^Admin\.Resources: (UNAVAILABLE|INTERNAL|no answer)/),
      });
    });

    it('that accepts and never answers is a stranger after the limit', async () => {
      const port = await silentServer();
      expect(await identifyApp('grpc-server', `127.0.0.1:${port}`, LIMIT_MS)).toEqual({
        is: 'stranger',
        answered: 'Admin.Resources: no answer within 0.5 s',
      });
    });
  });
});
