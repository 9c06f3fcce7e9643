import { spawn } from 'node:child_process';

/** What an outside load program printed, once it has exited. */
export interface ProgramOutput {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs an outside load program (ghz, h2load) to its end and returns its output; killed at `limitMs` so a stalled
 * server cannot hang the level, and with this process, so a generator whose parent is gone
 * (generator-worker-main.ts) leaves nothing loading on. Rejects only when it cannot be started.
 */
export function runProgram(name: string, bin: string, args: string[], limitMs: number): Promise<ProgramOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    const killNow = () => child.kill('SIGKILL');
    process.on('exit', killNow);
    // First: a spawn that fails (EMFILE) emits 'error' and never 'close', and has no stdio to read.
    child.on('error', (error) => {
      clearTimeout(timer);
      process.off('exit', killNow);
      reject(new Error(`${name} could not be started: ${error.message}`));
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      process.off('exit', killNow);
      resolve({ code, signal, stdout: Buffer.concat(out).toString(), stderr });
    });
  });
}

/** Why a run produced nothing to read, in the words of the other engines' failures. */
export function programFailure(name: string, run: ProgramOutput, limitMs: number): Error {
  const why = run.signal ? `killed (${run.signal}) after ${limitMs} ms` : `exited ${run.code}`;
  const last = (run.stderr.trim() || run.stdout.trim()).split('\n').pop() ?? '';
  return new Error(`${name} ${why}: ${last}`);
}
