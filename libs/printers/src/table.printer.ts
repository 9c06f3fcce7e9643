import type { BenchRun } from '@app/bench';
import { TABLE_COLUMNS, TABLE_LEGEND } from './table-columns';
import { lifetimePeakLegend } from './lifetime-peak';
import { columnsTable } from './columns-table';
import { fitTable } from './fit-table';
import { wrapText } from './wrap-text';
import type { ComparisonSection } from './sections/comparison-section';
import { COMPARISON_SECTIONS } from './sections/registry';
import { terminalSections } from './sections/terminal-sections';

/**
 * The results as plain-text terminal tables, one line per scenario x variant, with every comparison section that
 * applies to the run (sections/registry.ts) before or after them. With a `width` (a terminal's), every line fits it:
 * tables split into parts, legends and sentences wrapped; without, full width.
 */
export function printTable(
  run: BenchRun,
  width?: number,
  sections: readonly ComparisonSection[] = COMPARISON_SECTIONS,
): string {
  const results =
    `${fitTable(columnsTable(run, TABLE_COLUMNS), width)}\n` +
    `${wrapText(TABLE_LEGEND + lifetimePeakLegend(run.scenarios), width)}`;
  return [
    ...terminalSections(run, 'before-results', width, sections),
    results,
    ...terminalSections(run, 'after-results', width, sections),
  ].join('\n\n');
}
