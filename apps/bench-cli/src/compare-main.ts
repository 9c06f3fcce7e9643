import { BenchRun, compareLoadRuns, compareRuns, LoadRun, printComparison, printLoadComparison } from '@app/bench';
import { loadRun } from './cli/load-run';
import { UsageError } from './cli/usage-error';

const USAGE = `Usage: npm run bench:compare -- A B
  A, B: two result.json files (or the bench-results/<run> folders holding them), both from npm run bench or both
  from npm run load.
Prints, scenario by scenario, B's mean against A's in % and whether the difference is significant
(Welch's t-test on the per-run times, or for load runs on the per-second request counts, alpha 0.05, as
autocannon-compare does).`;

function main(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  try {
    if (argv.length !== 2) throw new UsageError(`expected two result files, got ${argv.length}`);
    const [a, b] = argv.map(loadRun) as (BenchRun | LoadRun)[];
    const isLoad = (r: BenchRun | LoadRun): r is LoadRun => (r as LoadRun).kind === 'load';
    if (isLoad(a) !== isLoad(b)) throw new UsageError('cannot compare a load run with a bench run');
    const text = isLoad(a) && isLoad(b) ? printLoadComparison(compareLoadRuns(a, b)) : printComparison(compareRuns(a as BenchRun, b as BenchRun));
    process.stdout.write(text + '\n');
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`wirebench bench:compare: ${error.message}\n${USAGE}\n`);
    return 2;
  }
}

process.exit(main(process.argv.slice(2)));
