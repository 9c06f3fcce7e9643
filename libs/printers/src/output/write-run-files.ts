import { isLoadRun, SavedRun } from '@app/explain';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchRun } from '@app/bench';
import { printLoadCsv } from '../load-csv.printer';
import { printLoadMarkdown } from '../load-markdown.printer';
import { printJson } from '../json.printer';
import { printMarkdown } from '../markdown.printer';
import { printRunsCsv } from '../runs-csv.printer';
import { printSummaryCsv } from '../summary-csv.printer';
import { appendCsvRows } from './append-csv';
import { RUN_FILES } from './run-files';
import { writeAtomic } from './write-atomic';

/** Each file of each kind of run, from the run's current state. */
function contents(run: SavedRun): Record<string, string> {
  const json = printJson(run) + '\n';
  if (isLoadRun(run))
    return { 'levels.csv': printLoadCsv(run), 'summary.md': printLoadMarkdown(run) + '\n', 'result.json': json };
  return {
    'runs.csv': printRunsCsv(run),
    'summary.csv': printSummaryCsv(run),
    'summary.md': printMarkdown(run) + '\n',
    'result.json': json,
  };
}

/** Files of a run rendered outside the engine (report.html, by @app/report), by name. */
export type ExtraRunFiles = Partial<Record<string, string>>;

/**
 * Rewrites every file of a bench or load run, each atomically; called after each scenario or level, so an
 * interruption loses none. `extra` holds the files other libs render (report.html), written in RUN_FILES order
 * with the rest. result.json last: its presence marks a folder as a run for /client/results.
 */
export async function writeRunFiles(dir: string, run: SavedRun, extra: ExtraRunFiles = {}): Promise<void> {
  const files: ExtraRunFiles = { ...extra, ...contents(run) };
  for (const name of RUN_FILES[run.kind]) {
    const text = files[name];
    if (text !== undefined) await writeAtomic(join(dir, name), text);
  }
}

/**
 * Appends endpoint measurements (`?save=1`) to runs.csv and summary.csv, in the bench columns, under one header; a file
 * of older columns is kept beside, renamed (appendCsvRows). Returns the names such files were kept under.
 */
export async function appendEndpointRuns(dir: string, run: BenchRun): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const kept = [
    await appendCsvRows(join(dir, 'runs.csv'), (o) => printRunsCsv(run, o)),
    await appendCsvRows(join(dir, 'summary.csv'), (o) => printSummaryCsv(run, o)),
  ];
  return kept.filter((name): name is string => name !== null);
}
