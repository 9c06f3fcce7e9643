import { join } from 'node:path';
import type { LoadRun } from '../result/load-run.interface';
import { printLoadCsv, printLoadMarkdown } from '../load-printers/load-printers';
import { writeAtomic } from './write-atomic';

/** Rewrites a load run's files after every level; result.json last, as for bench runs. */
export async function writeLoadFiles(dir: string, run: LoadRun): Promise<void> {
  await writeAtomic(join(dir, 'levels.csv'), printLoadCsv(run));
  await writeAtomic(join(dir, 'summary.md'), printLoadMarkdown(run) + '\n');
  await writeAtomic(join(dir, 'result.json'), JSON.stringify(run, null, 2) + '\n');
}
