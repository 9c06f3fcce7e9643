import type { WriteStream } from 'node:fs';
import { hostPortOf, WirebenchConfig } from '@app/config';
import type { ServingAppName } from '../app-entry';
import { findProjectRoot } from '../find-project-root';
import { isListening } from './is-listening';
import { LaunchedApp } from './launched-app';
import { appsLogLostText, openAppsLog } from './apps-log';

/** What `npm run bench` needs: the client, both Nest servers, and the JSON server's Fastify and h2c instances. */
export const BENCH_APPS: ServingAppName[] = [
  'json-server',
  'grpc-server',
  'client',
  'json-fastify-server',
  'json-h2-server',
  'bare-connect-server',
];

/** The app that listens at each configured target: what to start when a variant's address is that target. */
export const APP_AT: Readonly<Record<keyof WirebenchConfig['targets'], ServingAppName>> = {
  jsonUrl: 'json-server',
  grpcAddress: 'grpc-server',
  clientUrl: 'client',
  bareJsonUrl: 'bare-json-server',
  bareGrpcAddress: 'bare-grpc-server',
  bareConnectUrl: 'bare-connect-server',
  bareConnectH2Url: 'bare-connect-server',
  fastifyJsonUrl: 'json-fastify-server',
  h2JsonUrl: 'json-h2-server',
  goJsonUrl: 'go-json-server',
  goGrpcAddress: 'go-grpc-server',
};

/**
 * Where each app is reached, as configured (a URL for the HTTP apps, host:port for the gRPC ones), not where it
 * listens.
 */
export function appTargets(config: WirebenchConfig): Record<ServingAppName, string> {
  const {
    jsonUrl,
    grpcAddress,
    clientUrl,
    bareJsonUrl,
    bareGrpcAddress,
    bareConnectUrl,
    fastifyJsonUrl,
    h2JsonUrl,
    goJsonUrl,
    goGrpcAddress,
  } = config.targets;
  return {
    'json-server': jsonUrl,
    'grpc-server': grpcAddress,
    client: clientUrl,
    'bare-json-server': bareJsonUrl,
    'bare-grpc-server': bareGrpcAddress,
    // Its HTTP/1.1 listener; it prints its line once its h2c one listens too.
    'bare-connect-server': bareConnectUrl,
    'json-fastify-server': fastifyJsonUrl,
    'json-h2-server': h2JsonUrl,
    'go-json-server': goJsonUrl,
    'go-grpc-server': goGrpcAddress,
  };
}

/** Where each app is reached, from the configured targets (not the listen addresses: the apps may be elsewhere). */
export function appAddresses(config: WirebenchConfig): Record<ServingAppName, { host: string; port: number }> {
  const targets = appTargets(config);
  return Object.fromEntries(Object.entries(targets).map(([app, target]) => [app, hostPortOf(target)])) as Record<
    ServingAppName,
    { host: string; port: number }
  >;
}

/**
 * Starts whichever of the wanted apps is not already reachable, as the same built processes `start:all` runs,
 * with their output in a log file, and stops exactly those it started.
 */
export class AppLauncher {
  private readonly started: LaunchedApp[] = [];
  private log?: WriteStream;
  /**
   * A second Ctrl-C (stopOnSignal) or any other process.exit ends this process before stopStarted runs. The apps it
   * started are its own children, not detached: a terminal's Ctrl-C reaches them too, but a `kill -INT` of this
   * process alone (a CI runner, a test, a supervisor) would leave them serving on its ports. Synchronous, as an exit
   * listener must be, so SIGKILL: there is no later moment to escalate from SIGTERM.
   */
  private readonly killStartedNow = () => {
    for (const app of this.started) if (app.running) app.child.kill('SIGKILL');
  };

  constructor(
    private readonly config: WirebenchConfig,
    private readonly root = findProjectRoot(),
  ) {}

  /**
   * The wanted apps that already answer at their configured addresses, whoever started them: something accepts TCP
   * there. Whether it is the wirebench app is the CLIs' question (apps/bench-cli stranger-apps.ts), asked before a run.
   */
  async reachable(apps: ServingAppName[] = BENCH_APPS): Promise<ServingAppName[]> {
    const addresses = appAddresses(this.config);
    const found: ServingAppName[] = [];
    for (const app of apps) {
      if (await isListening(addresses[app].host, addresses[app].port)) found.push(app);
    }
    return found;
  }

  /** Process ids of the apps this launcher started and has not stopped yet, by app name. */
  startedPids(): Record<string, number> {
    return Object.fromEntries(
      this.started.flatMap((app) => (app.child.pid === undefined ? [] : [[app.name, app.child.pid]])),
    );
  }

  /**
   * Returns the apps it had to start (empty when all were already running); `env` is added to theirs; `execPath`
   * names the node binary each is started with (a runtime of the bench's --node), this process's node by default.
   */
  async ensureRunning(
    logFile: string,
    onStart: (app: ServingAppName) => void,
    apps: ServingAppName[] = BENCH_APPS,
    env: Record<string, string> = {},
    execPath?: (app: ServingAppName) => string,
  ): Promise<ServingAppName[]> {
    const addresses = appAddresses(this.config);
    const running = await this.reachable(apps);
    const missing = apps.filter((app) => !running.includes(app));
    if (missing.length === 0) return [];
    if (this.started.length === 0) process.on('exit', this.killStartedNow);
    this.log = openAppsLog(logFile, missing.length, (error) =>
      process.stderr.write(`${appsLogLostText(logFile, error)}\n`),
    );
    const launched = missing.map((app) => {
      onStart(app);
      const started = LaunchedApp.launch(app, {
        cwd: this.root,
        env: { ...process.env, ...env, NO_COLOR: '1' },
        log: this.log,
        execPath: execPath?.(app),
      });
      this.started.push(started);
      return started;
    });
    try {
      await Promise.all(
        launched.map((a, i) => a.waitUntilListening(addresses[missing[i]].host, addresses[missing[i]].port)),
      );
    } catch (error) {
      throw new Error(`${(error as Error).message.split('\n')[0]} (see ${logFile})`, { cause: error });
    }
    return missing;
  }

  /** SIGTERM to what this launcher started, SIGKILL after a grace period; never touches apps it found running. */
  async stopStarted(): Promise<void> {
    await Promise.all(this.started.map((app) => app.stop()));
    this.started.length = 0;
    process.off('exit', this.killStartedNow);
    this.log?.end();
  }
}
