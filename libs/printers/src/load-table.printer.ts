import type { LoadRun } from '@app/load';
import type { ComparisonSection } from './sections/comparison-section';
import { COMPARISON_SECTIONS } from './sections/registry';
import { terminalSections } from './sections/terminal-sections';

/**
 * A load run for a terminal: its sections (sections/registry.ts: the levels table, its legend, every level's notes
 * and why the sweep stopped early, if it did). With a `width` (a terminal's) every line fits it; without, full width.
 */
export function printLoadTable(
  run: LoadRun,
  width?: number,
  sections: readonly ComparisonSection[] = COMPARISON_SECTIONS,
): string {
  return [
    ...terminalSections(run, 'before-results', width, sections),
    ...terminalSections(run, 'after-results', width, sections),
  ].join('\n\n');
}
