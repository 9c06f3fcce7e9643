import cluster, { Worker } from 'node:cluster';
import { ConfigError, ListenAddress, serverResourcesEnabled, WirebenchConfig } from '@app/config';
import { loadAppConfig } from './load-app-config';
import { exitOnStartupError } from './exit-on-startup-error';

export interface RunWithWorkersOptions {
  /** Names the process in its one-line messages, e.g. 'json-server'. */
  app: string;
  /** Where this server listens; shown in the primary's line. */
  address: (config: WirebenchConfig) => ListenAddress;
  /** Starts the server in this process and logs its own "listening on" line; resolves once it listens. */
  serve: (config: WirebenchConfig) => Promise<unknown>;
  /** Where the server reports its own CPU and memory when SERVER_RESOURCES allows it, for the start-up line. */
  resourcesAt: string;
}

// Tags our IPC messages so nothing else a worker sends is mistaken for them.
type WorkerMessage = { wirebench: 'ready' } | { wirebench: 'startup-error'; error: SerialisedError };
type SerialisedError = {
  name?: string;
  message?: string;
  stack?: string;
  code?: string;
  address?: string;
  port?: number;
  variable?: string;
};

// How long stopped workers get to close before they are killed.
const STOP_GRACE_MS = 10_000;

/**
 * Loads the configuration (loadAppConfig: the user's message too) and starts one server: in this process when
 * SERVER_WORKERS is 1 (no cluster at all), otherwise as that many node:cluster workers sharing the port while this
 * process only supervises them. Start-up failures end in exitOnStartupError's one line either way.
 */
export function runWithWorkers(options: RunWithWorkersOptions): void {
  let config: WirebenchConfig;
  try {
    config = loadAppConfig();
  } catch (error) {
    exitOnStartupError(options.app, error);
  }
  const resourcesLine = resourcesStartLine(options, config);
  if (cluster.isWorker) runWorker(options, config);
  else if (config.serverWorkers > 1)
    runPrimary(options.app, config.serverWorkers, hostPort(options.address(config)), resourcesLine);
  else
    options.serve(config).then(
      () => process.stdout.write(resourcesLine),
      (error) => exitOnStartupError(options.app, error),
    );
}

// Said once the server listens (not before: a failed start stays one line), so nobody exposes it unknowingly.
function resourcesStartLine(options: RunWithWorkersOptions, config: WirebenchConfig): string {
  const { enabled, why } = serverResourcesEnabled(config.serverResources, options.address(config).host);
  const where = enabled
    ? `: ${options.resourcesAt}${config.serverWorkers > 1 ? ' (each worker reports only itself)' : ''}`
    : '';
  return `${options.app}: server resources report ${enabled ? 'on' : 'off'} (${why})${where}\n`;
}

function runWorker(options: RunWithWorkersOptions, config: WirebenchConfig): void {
  const send = (message: WorkerMessage) => process.send!(message);
  options.serve(config).then(
    () => send({ wirebench: 'ready' }),
    // Every worker fails alike (same port, same settings): the primary prints one line for all of them and then
    // stops this worker. Exiting here could let the primary see the exit before the message.
    (error) => send({ wirebench: 'startup-error', error: serialise(error) }),
  );
}

function runPrimary(app: string, count: number, address: string, resourcesLine: string): void {
  const workers = new Set<Worker>();
  let ready = 0;
  let stopping = false;
  let exitCode = 0;
  let startupError: Error | undefined;

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => workers.forEach((w) => w.process.kill('SIGKILL')), STOP_GRACE_MS).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    workers.delete(worker);
    if (!stopping) {
      // No restart: a server that dies under a benchmark would hide the failure behind a fresh process.
      process.stderr.write(
        `${app}: worker ${worker.process.pid} exited unexpectedly (${signal ?? `code ${code}`}); stopping the others\n`,
      );
      stopAll(1);
    }
    if (workers.size > 0) return;
    if (startupError) exitOnStartupError(app, startupError);
    process.exit(exitCode);
  });

  cluster.on('message', (_worker, message: WorkerMessage) => {
    if (message?.wirebench === 'ready' && ++ready === count)
      process.stdout.write(`${app}: ${count} workers on ${address}\n${resourcesLine}`);
    if (message?.wirebench === 'startup-error' && !stopping) {
      startupError = revive(message.error);
      stopAll(1);
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(0));
  for (let i = 0; i < count; i++) workers.add(cluster.fork());
}

function hostPort({ host, port }: ListenAddress): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
}

// Errors cross the IPC channel as plain objects; these keep what exitOnStartupError reads.
function serialise(error: unknown): SerialisedError {
  const e = (error ?? {}) as SerialisedError;
  return {
    name: e.name,
    message: e.message ?? String(error),
    stack: e.stack,
    code: e.code,
    address: e.address,
    port: e.port,
    variable: e.variable,
  };
}

// Under cluster the primary binds the shared port, so a worker's failure reads "bind EADDRINUSE host:port", and
// grpc-js flattens that into its own message; the code and address are taken back out of it.
const BIND_FAILURE = /\bbind (EADDRINUSE|EACCES|EADDRNOTAVAIL) (\S+):(\d+)(?!\d)/;

function revive(e: SerialisedError): Error {
  if (e.name === 'ConfigError') return new ConfigError(e.variable ?? '', e.message ?? '');
  const bind = e.code === undefined ? BIND_FAILURE.exec(e.message ?? '') : null;
  const listen = bind
    ? { code: bind[1], address: bind[2].replace(/^\[|\]$/g, ''), port: Number(bind[3]) }
    : { code: e.code, address: e.address, port: e.port };
  return Object.assign(new Error(e.message), { stack: e.stack }, listen);
}
