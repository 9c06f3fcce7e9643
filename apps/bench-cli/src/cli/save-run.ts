import { writeRunFiles } from '@app/printers';
import { SavedRun } from '@app/explain';
import { printReportHtml } from '@app/report';

/**
 * Every file of a run folder, report.html included: the one way the CLI saves a run, after each scenario or level
 * and at the end, so the report is never older than the result.json beside it.
 */
export function saveRun(dir: string, run: SavedRun): Promise<void> {
  return writeRunFiles(dir, run, { 'report.html': printReportHtml([run]) });
}
