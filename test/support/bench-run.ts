// The built bench CLI run into a fresh results folder, and what it wrote read back: for the specs that check a whole
// bench run's files (invocations, runtimes).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { BenchRun } from '@app/bench';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './app-process';

const BENCH = appEntry('bench-cli', 'main.js', ROOT);
type Row = Record<string, string>;

/**
 * Runs the bench into a fresh folder; returns its exit, output, the run folder's files, and removes the folder.
 * `via`: a command the bench runs under (e.g. `bash scripts/swarm-lab.sh exec 2 --`, a lab node's namespace).
 */
export async function benchIntoFolder(
  args: string[],
  env: Record<string, string>,
  prefix = 'wirebench-bench-',
  via: string[] = [],
) {
  const out = mkdtempSync(join(tmpdir(), prefix));
  try {
    const [command, ...before] = [...via, process.execPath];
    const process_ = new AppProcess(command, [...before, BENCH, ...args, '--out', out], env);
    let stdout = '';
    process_.child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const { code } = await process_.exited;
    const dirs = readdirSync(out);
    const read = (file: string) => (dirs.length === 1 ? readFileSync(join(out, dirs[0], file), 'utf8') : '');
    const csv = (file: string): Row[] => (dirs.length === 1 ? parse(read(file), { columns: true }) : []);
    return {
      code,
      output: process_.output,
      stdout,
      dirs,
      runs: csv('runs.csv'),
      summary: csv('summary.csv'),
      result: dirs.length === 1 ? (JSON.parse(read('result.json')) as BenchRun) : null,
      markdown: read('summary.md'),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
