import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppLauncher } from '@app/bootstrap';
import { loadConfig } from '@app/config';
import { requireWirebenchApps } from './stranger-apps';
import { UsageError } from './usage-error';

/** A web server that is not wirebench's: an HTML 404 for every path, as python3 -m http.server gives. */
function htmlServer(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html;charset=utf-8' });
      res.end(
        '<!DOCTYPE HTML>\n<html><head><title>Error response</title></head><body><h1>Error ' +
          'response</h1></body></html>\n',
      );
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('requireWirebenchApps', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = await htmlServer();
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it(
    "refuses a stranger at an app's address in one line: the app, the address, what answered, what to " + 'change',
    async () => {
      const env = { JSON_SERVER_PORT: String(port) };
      const config = loadConfig(env);
      const refusal = requireWirebenchApps(new AppLauncher(config), config, ['json-server'], env);
      await expect(refusal).rejects.toThrow(UsageError);
      await expect(refusal).rejects.toThrow(
        `json-server's address ` +
          `127.0.0.1:${port} answers, but not as wirebench's json-server: GET /admin/resources gave 404 text/html ` +
          `("<!DOCTYPE HTML> <html><head><title>Error response</title></h" first 60 chars): stop it, or set ` +
          `JSON_SERVER_PORT`,
      );
    },
  );

  it('names the address setting when one says where the app is (a port would move nothing)', async () => {
    const env = { JSON_SERVER_URL: `http://127.0.0.1:${port}` };
    const config = loadConfig(env);
    await expect(requireWirebenchApps(new AppLauncher(config), config, ['json-server'], env)).rejects.toThrow(
      /: stop it, or set JSON_SERVER_URL$/,
    );
  });

  it('passes when nothing answers: the launcher starts the apps', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as AddressInfo;
        probe.close(() => resolve(p));
      });
    });
    const config = loadConfig({ JSON_SERVER_PORT: String(free) });
    await expect(requireWirebenchApps(new AppLauncher(config), config, ['json-server'], {})).resolves.toBeUndefined();
  });
});
