import { join } from 'node:path';
import type { BenchRun } from '../result/bench-run.interface';
import { printJson } from '../printers/json.printer';
import { printMarkdown } from '../printers/markdown.printer';
import { printRunsCsv } from '../printers/runs-csv.printer';
import { printSummaryCsv } from '../printers/summary-csv.printer';
import { writeAtomic } from './write-atomic';

export const RUN_FILES = ['runs.csv', 'summary.csv', 'result.json', 'summary.md'] as const;
export type RunFile = (typeof RUN_FILES)[number];

/** Rewrites every file of a run from its current state; called after each scenario, so an interruption loses none. */
export async function writeRunFiles(dir: string, run: BenchRun): Promise<void> {
  await writeAtomic(join(dir, 'runs.csv'), printRunsCsv(run));
  await writeAtomic(join(dir, 'summary.csv'), printSummaryCsv(run));
  await writeAtomic(join(dir, 'summary.md'), printMarkdown(run) + '\n');
  // result.json last: its presence marks a folder as a run for /client/results.
  await writeAtomic(join(dir, 'result.json'), printJson(run) + '\n');
}
