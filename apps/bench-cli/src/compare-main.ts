import { compareLoadRuns, compareRuns, isLoadRun, printComparison, printLoadComparison, readSavedRun, SavedRun, SavedRunError } from '@app/bench';
import { UsageError } from './cli/usage-error';

const USAGE = `Usage: npm run bench:compare -- A B
  A, B: two result.json files (or the bench-results/<run> folders holding them), both from npm run bench or both
  from npm run load.
Prints, scenario by scenario, B's mean against A's in % and whether the difference is significant
(Welch's t-test on the per-run times, or for load runs on the per-second request counts, alpha 0.05, as
autocannon-compare does).`;

function compare(a: SavedRun, b: SavedRun): string {
  if (isLoadRun(a) && isLoadRun(b)) return printLoadComparison(compareLoadRuns(a, b));
  if (!isLoadRun(a) && !isLoadRun(b)) return printComparison(compareRuns(a, b));
  throw new UsageError('cannot compare a load run with a bench run');
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  try {
    if (argv.length !== 2) throw new UsageError(`expected two result files, got ${argv.length}`);
    const [a, b] = await Promise.all(argv.map(readSavedRun));
    process.stdout.write(compare(a, b) + '\n');
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof SavedRunError)) throw error;
    process.stderr.write(`wirebench bench:compare: ${error.message}\n${USAGE}\n`);
    return 2;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
