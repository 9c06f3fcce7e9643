import { readSavedRun, SavedRunError, writeAtomic } from '@app/printers';
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SavedRun } from '@app/explain';
import { ConfigError, loadConfig } from '@app/config';
import { printReportHtml } from '@app/report';
import { EXIT } from './bench-command';
import { reportOutPath } from './report-out-path';
import { runId } from './start-run-record';
import { strictArgs } from './strict-args';
import { UsageError } from './usage-error';

export const REPORT_HELP = `Usage: npm run report -- RUN [RUN...] [--out FILE]
  RUN: a bench-results/<run> folder or its result.json, from npm run bench or npm run load.
One RUN: rewrites that run's report.html in its folder (or writes FILE when --out is given).
Several RUNs: one report with the runs overlaid, each line and bar named after its run's label (or id), written
to FILE, by default bench-results/<UTC timestamp>-report.html (RESULTS_DIR moves bench-results/).
--out FILE: a bare file name (ab.html) is written in bench-results/ too; a path with a folder in it (./ab.html,
reports/ab.html, /tmp/ab.html) is taken as given.
The report is one self-contained HTML file (charts, data and Chart.js inlined): it opens from file:// offline.
Prints the path written and its size. Exit 2 when a RUN cannot be read as a run.`;

interface ReportOptions {
  help: boolean;
  paths: string[];
  out: string | null;
}

export function parseReportOptions(argv: string[]): ReportOptions {
  const { values, positionals } = strictArgs(
    argv,
    { help: { type: 'boolean', short: 'h' }, out: { type: 'string' } },
    true,
  );
  const options: ReportOptions = {
    help: values.help === true,
    paths: positionals,
    out: (values.out as string | undefined) ?? null,
  };
  if (options.out === '') throw new UsageError('--out needs a file name');
  if (!options.help && options.paths.length === 0)
    throw new UsageError('no run given: name a bench-results/<run> folder or its result.json');
  return options;
}

/** The run's own folder for one run (its report.html is one of its files); a new file beside the runs for several. */
async function outputPath(options: ReportOptions): Promise<string> {
  if (options.out) return reportOutPath(options.out, loadConfig().resultsDir);
  if (options.paths.length === 1) {
    const path = options.paths[0];
    return join((await stat(path)).isDirectory() ? path : dirname(path), 'report.html');
  }
  return join(loadConfig().resultsDir, `${runId(new Date(), 'report')}.html`);
}

/** `npm run report`: returns the exit code; stdout gets the path written and its size. */
export async function runReportCommand(argv: string[]): Promise<number> {
  try {
    const options = parseReportOptions(argv);
    if (options.help) {
      process.stdout.write(REPORT_HELP + '\n');
      return EXIT.ok;
    }
    const runs: SavedRun[] = [];
    // One at a time, so the error names the first path that is not a run.
    for (const path of options.paths) runs.push(await readSavedRun(path));
    const html = printReportHtml(runs);
    const out = await outputPath(options);
    await writeAtomic(out, html);
    process.stdout.write(`${out} (${Buffer.byteLength(html).toLocaleString('en-US')} bytes)\n`);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof SavedRunError || error instanceof ConfigError)) throw error;
    process.stderr.write(`wirebench report: ${error.message} (see --help)\n`);
    return EXIT.usage;
  }
}
