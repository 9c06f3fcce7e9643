import { ChildProcess, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { appCommand, ServingAppName } from '../app-entry';
import { findProjectRoot } from '../find-project-root';
import { isListening } from './is-listening';
import { envForApp } from './allocator-env';
import { dieWithParent, ParentDeathSignal } from './die-with-parent';

export interface LaunchOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Where the app's stdout and stderr also go (e.g. a run's apps.log); its output is kept in memory either way. */
  log?: Writable;
  /**
   * The node binary to start the app with (a runtime of `npm run bench --node`); this process's node when absent.
   * Given, the app starts with NODE_OPTIONS empty, as @app/runtimes probed it: options meant for this process's node
   * may not suit another major, and every runtime of a comparison starts alike.
   */
  execPath?: string;
  /**
   * The signal the kernel sends the process when this one dies, even by SIGKILL (dieWithParent): a launcher killed
   * that way runs no exit handler, and what it started would otherwise serve on, holding its ports. launch() gives
   * the apps TERM, so they close as on a stop; none when absent.
   */
  parentDeathSignal?: ParentDeathSignal;
}

/**
 * One app as a real child process: its output kept for messages and assertions, waits for it to be ready, and a
 * stop that escalates to SIGKILL. The bench CLI, the load command and the tests all start apps through this.
 */
export class LaunchedApp {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private out = '';
  /** Why the process could not be started (EMFILE, ENOENT), if it could not. */
  private spawnError: Error | undefined;

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    options: LaunchOptions,
  ) {
    const run =
      options.parentDeathSignal === undefined
        ? { command, args }
        : dieWithParent(command, args, options.parentDeathSignal);
    this.child = spawn(run.command, run.args, {
      cwd: options.cwd ?? findProjectRoot(),
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // A spawn that failed (EMFILE) has no stdio.
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.on('data', (d: Buffer) => (this.out += d.toString()));
      if (options.log) stream?.pipe(options.log, { end: false });
    }
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => resolve({ code, signal }));
      // A spawn that fails emits 'error' and never 'exit'; unhandled, it would end the launcher. It is kept as output,
      // so waitFor reports it as an app that exited before it was ready.
      this.child.on('error', (error) => {
        this.out += `\n${this.name}: ${error.message}\n`;
        if (this.child.pid !== undefined) return;
        this.spawnError = error;
        resolve({ code: null, signal: null });
      });
    });
  }

  /** The built app (dist/), as `npm run start:*` runs it; a Go reference server as its binary (appCommand). */
  static launch(app: ServingAppName, options: LaunchOptions): LaunchedApp {
    const env = options.execPath === undefined ? options.env : { ...options.env, NODE_OPTIONS: '' };
    const [command, ...args] = appCommand(app, options.execPath);
    return new LaunchedApp(app, command, args, {
      parentDeathSignal: 'TERM',
      ...options,
      env: envForApp(app, env),
    });
  }

  get output(): string {
    return this.out;
  }

  get running(): boolean {
    return this.spawnError === undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves when the output matches; rejects if the process exits first or the time runs out. */
  async waitFor(pattern: RegExp, timeoutMs = 20_000): Promise<void> {
    await this.waitUntil(async () => pattern.test(this.out), `${pattern}`, timeoutMs);
  }

  /** Resolves when host:port accepts connections; rejects if the process exits first or the time runs out. */
  async waitUntilListening(host: string, port: number, timeoutMs = 30_000): Promise<void> {
    await this.waitUntil(() => isListening(host, port, 250), `a listener on ${host}:${port}`, timeoutMs);
  }

  /** SIGTERM, then SIGKILL if it has not exited within the grace period. */
  async stop(graceMs = 5000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  private async waitUntil(ready: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running)
        throw new Error(
          `${this.name} exited (code ${this.child.exitCode ?? this.child.signalCode}) before ${what}:\n${this.tail()}`,
        );
      if (await ready()) return;
      if (Date.now() > deadline)
        throw new Error(`${this.name}: no ${what} within ${timeoutMs / 1000} s:\n${this.tail()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private tail(): string {
    return this.out.split('\n').slice(-20).join('\n');
  }
}
