import { print, RUN_FILES } from '@app/printers';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { collectEnvironment, RunRecord } from '@app/bench';
import { SavedRun } from '@app/explain';
import { saveRun } from './save-run';
import { terminalWidth } from './terminal-width';

/** 2026-11-22T03:50:12.345Z -> 2026-11-22T03-50-12Z: sortable, and a valid folder name everywhere. */
export function runId(startedAt: Date, name: string): string {
  return `${startedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}-${name}`;
}

/**
 * A new run's folder (created) and the header every saved run carries, bench or load: id, label, times, why it
 * ended, the options it ran with and the machine it ran on.
 */
export function startRunRecord(
  parent: string,
  name: string,
  label: string | null,
  options: Record<string, unknown>,
  root: string,
): { dir: string; record: RunRecord } {
  const started = new Date();
  const id = runId(started, name);
  const dir = join(parent, id);
  mkdirSync(dir, { recursive: true });
  const { help: _help, ...recorded } = options;
  return {
    dir,
    record: {
      id,
      label,
      startedAt: started.toISOString(),
      endedAt: null,
      endReason: 'running',
      error: null,
      options: recorded,
      environment: collectEnvironment(root),
    },
  };
}

/** A usage or configuration error: one line on stderr and the usage exit code; anything else is rethrown. */
export function reportUsageError(
  command: string,
  error: unknown,
  usageExit: number,
  usageErrors: (abstract new (...args: never[]) => Error)[],
): number {
  if (!usageErrors.some((kind) => error instanceof kind)) throw error;
  process.stderr.write(`wirebench ${command}: ${(error as Error).message} (see --help)\n`);
  return usageExit;
}

/** Marks how the run ended: completed, interrupted by a signal, or failed with its error. */
export function endRunRecord(record: RunRecord, stopped: boolean, error?: unknown): void {
  record.endReason = stopped ? 'interrupted' : error === undefined ? 'completed' : 'failed';
  record.error = stopped || error === undefined ? null : (error as Error).message;
  record.endedAt = new Date().toISOString();
}

/**
 * The chosen formats on stdout (tables fitted to the terminal, see terminalWidth), then one line on stderr saying how
 * the run ended and where its files are.
 */
export function reportRun(command: string, dir: string, run: SavedRun, formats: string[], results: string): void {
  const width = terminalWidth();
  for (const format of formats) process.stdout.write(print(format, run, { width }) + '\n');
  process.stderr.write(
    `wirebench ${command}: ${run.endReason}; ${results} in ${dir}/ (${RUN_FILES[run.kind].join(', ')})\n`,
  );
  if (run.error) process.stderr.write(`wirebench ${command}: failed: ${run.error}\n`);
}

/**
 * Runs a CLI's measurements and, whatever happens, records how the run ended, saves every file (so an interruption
 * or a failure loses nothing that finished) and then cleans up (progress bar, started apps, signal handlers).
 */
export async function recordRun(
  dir: string,
  run: SavedRun,
  stopped: () => boolean,
  body: () => Promise<void>,
  cleanup: () => Promise<void>,
): Promise<void> {
  try {
    await body();
    endRunRecord(run, stopped());
  } catch (error) {
    endRunRecord(run, stopped(), error);
  } finally {
    await saveRun(dir, run);
    await cleanup();
  }
}
