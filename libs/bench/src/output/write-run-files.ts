import { appendFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchRun } from '../result/bench-run.interface';
import { printLoadCsv } from '../printers/load-csv.printer';
import { printLoadMarkdown } from '../printers/load-markdown.printer';
import { printJson } from '../printers/json.printer';
import { printMarkdown } from '../printers/markdown.printer';
import { printRunsCsv } from '../printers/runs-csv.printer';
import { printSummaryCsv } from '../printers/summary-csv.printer';
import { isLoadRun, SavedRun } from '../result/saved-run';
import { RUN_FILES } from './run-files';
import { writeAtomic } from './write-atomic';

/** Each file of each kind of run, from the run's current state. */
function contents(run: SavedRun): Record<string, string> {
  const json = printJson(run) + '\n';
  if (isLoadRun(run)) return { 'levels.csv': printLoadCsv(run), 'summary.md': printLoadMarkdown(run) + '\n', 'result.json': json };
  return { 'runs.csv': printRunsCsv(run), 'summary.csv': printSummaryCsv(run), 'summary.md': printMarkdown(run) + '\n', 'result.json': json };
}

/**
 * Rewrites every file of a bench or load run, each atomically; called after each scenario or level, so an
 * interruption loses none. result.json last: its presence marks a folder as a run for /client/results.
 */
export async function writeRunFiles(dir: string, run: SavedRun): Promise<void> {
  const files = contents(run);
  for (const name of RUN_FILES[run.kind]) await writeAtomic(join(dir, name), files[name]);
}

/** Appends endpoint measurements (`?save=1`) to runs.csv and summary.csv, in the bench columns; headers only on new files. */
export async function appendEndpointRuns(dir: string, run: BenchRun): Promise<void> {
  await mkdir(dir, { recursive: true });
  const runsFile = join(dir, 'runs.csv');
  const summaryFile = join(dir, 'summary.csv');
  await appendFile(runsFile, printRunsCsv(run, { header: !existsSync(runsFile) }), 'utf8');
  await appendFile(summaryFile, printSummaryCsv(run, { header: !existsSync(summaryFile) }), 'utf8');
}
