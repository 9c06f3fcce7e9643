import { compareSavedRuns } from '@app/explain';
import { printSavedRunComparison, readSavedRun, SavedRunError } from '@app/printers';
import { terminalWidth } from './terminal-width';

/**
 * npm run bench:compare's work once its flags are read: the two saved runs side by side, with a verdict per result.
 * Returns the exit code: 0 compared, 2 (one line on stderr) for a file that is not a run or two runs that do not
 * compare (a bench run against a load run).
 */
export async function compareFiles(fileA: string, fileB: string): Promise<number> {
  const refuse = (message: string) => {
    process.stderr.write(`wirebench bench:compare: ${message} (see --help)\n`);
    return 2;
  };
  let runs;
  try {
    runs = await Promise.all([readSavedRun(fileA), readSavedRun(fileB)]);
  } catch (error) {
    if (!(error instanceof SavedRunError)) throw error;
    return refuse(error.message);
  }
  let comparison;
  try {
    comparison = compareSavedRuns(...runs);
  } catch (error) {
    // What it refuses (a bench run beside a load run) is the user's choice of files, not a crash.
    return refuse((error as Error).message);
  }
  process.stdout.write(printSavedRunComparison(comparison, terminalWidth()) + '\n');
  return 0;
}
