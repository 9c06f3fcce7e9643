import { isLoadRun, SavedRun } from '@app/explain';
import type { BenchRun } from '@app/bench';
import type { LoadRun } from '@app/load';
import { printLoadCsv } from './load-csv.printer';
import { printLoadMarkdown } from './load-markdown.printer';
import { printLoadTable } from './load-table.printer';
import { printJson } from './json.printer';
import { printMarkdown } from './markdown.printer';
import { printSummaryCsv } from './summary-csv.printer';
import { printTable } from './table.printer';

export const FORMATS = ['table', 'csv', 'json', 'md'] as const;
export type Format = (typeof FORMATS)[number];

/** How a printer may shape its text: `width`, a terminal's, fits the table format to it (the others ignore it). */
export interface PrintOptions {
  width?: number;
}

// csv is the summary: one row per result, like the other formats; runs.csv is written by name, not by format.
const BENCH_PRINTERS: Record<Format, (run: BenchRun, width?: number) => string> = {
  table: printTable,
  csv: (run) => printSummaryCsv(run),
  json: (run) => printJson(run),
  md: (run) => printMarkdown(run),
};

// A load run's csv is levels.csv: one row per level, like the bench summary.
const LOAD_PRINTERS: Record<Format, (run: LoadRun, width?: number) => string> = {
  table: printLoadTable,
  csv: (run) => printLoadCsv(run),
  json: (run) => printJson(run),
  md: (run) => printLoadMarkdown(run),
};

export function isFormat(name: string): name is Format {
  return (FORMATS as readonly string[]).includes(name);
}

function unknownFormat(name: string): Error {
  return new Error(`Unknown output format "${name}"; valid formats are: ${FORMATS.join(', ')}`);
}

/** The one dispatcher: any format, either kind of run. */
export function print(format: string, run: SavedRun, options: PrintOptions = {}): string {
  if (!isFormat(format)) throw unknownFormat(format);
  return isLoadRun(run) ? LOAD_PRINTERS[format](run, options.width) : BENCH_PRINTERS[format](run, options.width);
}

/** "table,csv" -> ['table', 'csv']: trimmed, duplicates dropped, every name checked before anything is printed. */
export function parseFormats(list: string): Format[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new Error(`No output format given; valid formats are: ${FORMATS.join(', ')}`);
  const unknown = names.filter((name) => !isFormat(name));
  if (unknown.length > 0) {
    const quoted = unknown.map((name) => `"${name}"`).join(', ');
    throw new Error(
      `Unknown output format${unknown.length > 1 ? 's' : ''} ${quoted}; valid formats are: ${FORMATS.join(', ')}`,
    );
  }
  return [...new Set(names as Format[])];
}
