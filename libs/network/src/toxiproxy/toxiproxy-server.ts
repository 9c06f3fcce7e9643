import { LaunchedApp } from '@app/bootstrap';
import { Toxiproxy } from 'toxiproxy-node-client';
import { freePort } from './free-port';

const HOST = '127.0.0.1';

/**
 * A toxiproxy-server that wirebench started itself, its API on 127.0.0.1 at a free port. It never outlives this
 * process: stop() ends it and waits, an exit handler kills it if we exit first, and on Linux the kernel kills it
 * if we die by a signal (LaunchOptions.parentDeathSignal).
 */
export class ToxiproxyServer {
  private readonly killOnExit = () => this.app.child.kill('SIGKILL');

  private constructor(
    private readonly app: LaunchedApp,
    /** e.g. http://127.0.0.1:40123 */
    readonly apiUrl: string,
    /** The API client that proxies and toxics are made with. */
    readonly client: Toxiproxy,
  ) {
    process.on('exit', this.killOnExit);
  }

  /** Starts the binary at `path` and resolves once its API answers, or rejects (and stops it) within the time. */
  static async start(path: string, timeoutMs = 10_000): Promise<ToxiproxyServer> {
    const port = await freePort();
    // LOG_LEVEL=warn: at info it logs every connection, and LaunchedApp keeps the output in memory.
    const app = new LaunchedApp('toxiproxy-server', path, ['-host', HOST, '-port', String(port)], {
      env: { ...process.env, LOG_LEVEL: 'warn' },
      parentDeathSignal: 'KILL',
    });
    const apiUrl = `http://${HOST}:${port}`;
    const server = new ToxiproxyServer(app, apiUrl, new Toxiproxy(apiUrl));
    try {
      await app.waitUntilListening(HOST, port, timeoutMs);
      // Something else could have taken the port between freePort and the bind: only Toxiproxy's API answers this.
      await server.client.getVersion();
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  get pid(): number | undefined {
    return this.app.child.pid;
  }

  get running(): boolean {
    return this.app.running;
  }

  /** SIGTERM (Toxiproxy closes its proxies and exits), SIGKILL after the grace period; resolves once it is gone. */
  async stop(graceMs = 3000): Promise<void> {
    await this.app.stop(graceMs);
    process.off('exit', this.killOnExit);
  }
}
