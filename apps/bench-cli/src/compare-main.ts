import { strictArgs } from './cli/strict-args';
import { UsageError } from './cli/usage-error';

const USAGE = `Usage: npm run bench:compare -- A B
  A, B: two result.json files (or the bench-results/<run> folders holding them), both from npm run bench or both
  from npm run load.
Prints, result by result, A and B side by side and a verdict: "B faster", "B slower", "not distinguishable", or "too
few runs" (fewer than 5 a side).
Bench runs: from the medians' distribution-free 95% confidence intervals (apart or overlapping), with Welch's
p-value on the per-run times beside it. Load runs: from Welch's t-test on the requests completed in each second
(alpha 0.05, as autocannon-compare does).

Exit codes: 0 compared, 2 bad options or a file that is not a run.`;

async function main(argv: string[]): Promise<number> {
  let files: string[];
  try {
    const { values, positionals } = strictArgs(argv, { help: { type: 'boolean', short: 'h' } }, true);
    if (values.help) {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    if (positionals.length !== 2) throw new UsageError(`expected two result files, got ${positionals.length}`);
    files = positionals;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`wirebench bench:compare: ${error.message} (see --help)\n`);
    return 2;
  }
  // The printers and the statistics load only now, so --help and a bad flag answer at once: loading them takes
  // about 1.5 s of CPU, and was once 5 s on a busy CI machine.
  const { compareFiles } = await import('./cli/compare-command');
  return compareFiles(files[0], files[1]);
}

main(process.argv.slice(2)).then((code) => process.exit(code));
