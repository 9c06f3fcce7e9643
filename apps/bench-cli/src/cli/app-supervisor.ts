import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, WriteStream } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { targetHostPort } from '@app/bench';
import type { WirebenchConfig } from '@app/config';

export type AppName = 'json-server' | 'grpc-server' | 'client' | 'bare-json-server' | 'bare-grpc-server';

/** What `npm run bench` needs: the client and both Nest servers. */
export const BENCH_APPS: AppName[] = ['json-server', 'grpc-server', 'client'];

// How long a started app may take to listen before the run gives up on it.
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

function isListening(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Starts whichever of the three apps is not already reachable, as the same built processes `start:all` runs,
 * with their output in a log file, and stops exactly those it started.
 */
export class AppSupervisor {
  private readonly started: { app: AppName; child: ChildProcess }[] = [];
  private log?: WriteStream;

  constructor(
    private readonly config: WirebenchConfig,
    private readonly root: string,
  ) {}

  /** Addresses of the three apps, as the client and this CLI reach them. */
  addresses(): Record<AppName, { host: string; port: number }> {
    const { jsonUrl, grpcAddress, clientUrl, bareJsonUrl, bareGrpcAddress } = this.config.targets;
    return {
      'json-server': targetHostPort({ server: 'json-server', address: jsonUrl }),
      'grpc-server': targetHostPort({ server: 'grpc-server', address: grpcAddress }),
      client: targetHostPort({ server: 'json-server', address: clientUrl }),
      'bare-json-server': targetHostPort({ server: 'json-server', address: bareJsonUrl }),
      'bare-grpc-server': targetHostPort({ server: 'grpc-server', address: bareGrpcAddress }),
    };
  }

  /** Returns the apps it had to start (empty when all were already running); `env` is added to theirs. */
  async ensureRunning(logFile: string, onStart: (app: AppName) => void, apps: AppName[] = BENCH_APPS, env: Record<string, string> = {}): Promise<AppName[]> {
    const addresses = this.addresses();
    const missing: AppName[] = [];
    for (const app of apps) {
      if (!(await isListening(addresses[app].host, addresses[app].port))) missing.push(app);
    }
    if (missing.length === 0) return [];
    this.log = createWriteStream(logFile, { flags: 'a' });
    for (const app of missing) {
      onStart(app);
      const child = spawn(process.execPath, [join(this.root, 'dist', 'apps', app, 'apps', app, 'src', 'main.js')], {
        cwd: this.root,
        env: { ...process.env, ...env, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.pipe(this.log, { end: false });
      child.stderr!.pipe(this.log, { end: false });
      this.started.push({ app, child });
    }
    await Promise.all(missing.map((app) => this.waitUntilListening(app, addresses[app])));
    return missing;
  }

  private async waitUntilListening(app: AppName, { host, port }: { host: string; port: number }): Promise<void> {
    const entry = this.started.find((s) => s.app === app)!;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (entry.child.exitCode !== null) throw new Error(`${app} exited with code ${entry.child.exitCode} while starting (see ${this.log?.path})`);
      if (await isListening(host, port, 250)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${app} did not listen on ${host}:${port} within ${START_TIMEOUT_MS / 1000} s (see ${this.log?.path})`);
  }

  /** SIGTERM to what this run started, SIGKILL after a grace period; never touches apps it found running. */
  async stopStarted(): Promise<void> {
    await Promise.all(
      this.started.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }),
    );
    this.started.length = 0;
    this.log?.end();
  }
}
