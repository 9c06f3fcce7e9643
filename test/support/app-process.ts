import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export type AppName = 'json-server' | 'grpc-server' | 'client';

export const ROOT = join(__dirname, '..', '..');

/** The built entry point; `npm test` builds first (pretest), so e2e tests run what users run. */
export function entryOf(app: AppName): string {
  const entry = join(ROOT, 'dist', 'apps', app, 'apps', app, 'src', 'main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" (npm test does it in pretest)`);
  return entry;
}

/** Only what an app needs plus the test's settings, so a developer's shell variables cannot leak in. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { PATH, HOME, SYSTEMROOT } = process.env;
  return { PATH, HOME, SYSTEMROOT, NO_COLOR: '1', ...env };
}

/** A real app process on real sockets, with its output kept for assertions. */
export class AppProcess {
  readonly child: ChildProcess;
  private out = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(command: string, args: string[], env: Record<string, string>) {
    this.child = spawn(command, args, { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (d: Buffer) => (this.out += d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => (this.out += d.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  static start(app: AppName, env: Record<string, string>): AppProcess {
    return new AppProcess(process.execPath, [entryOf(app)], env);
  }

  get output(): string {
    return this.out;
  }

  /** Resolves when the output matches, rejects if the process exits first or the time runs out. */
  async waitFor(pattern: RegExp, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void this.exited.then(() => (exited = true));
    while (!pattern.test(this.out)) {
      if (exited) throw new Error(`process exited before ${pattern}:\n${this.out}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${this.out}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** SIGTERM, then SIGKILL if it has not exited within the grace period. */
  async stop(graceMs = 5000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
