// The built load CLI run into a fresh results folder, and what it wrote read back: for the specs that check a whole
// load run's files (runtimes).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { LoadRun } from '@app/load';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './app-process';

const LOAD = appEntry('bench-cli', 'load-main.js', ROOT);

/**
 * Runs `npm run load` into a fresh folder; returns its exit, output, the run folder's files, and removes the folder.
 */
export async function loadIntoFolder(args: string[], env: Record<string, string>, prefix = 'wirebench-load-') {
  const out = mkdtempSync(join(tmpdir(), prefix));
  try {
    const load = new AppProcess(process.execPath, [LOAD, ...args, '--out', out], env);
    let stdout = '';
    load.child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const { code } = await load.exited;
    const dirs = readdirSync(out);
    const read = (file: string) => (dirs.length === 1 ? readFileSync(join(out, dirs[0], file), 'utf8') : '');
    return {
      code,
      output: load.output,
      stdout,
      dirs,
      levels: (dirs.length === 1 ? parse(read('levels.csv'), { columns: true }) : []) as Record<string, string>[],
      result: dirs.length === 1 ? (JSON.parse(read('result.json')) as LoadRun) : null,
      markdown: read('summary.md'),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
