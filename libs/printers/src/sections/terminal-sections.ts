import { type SavedRun } from '@app/explain';
import { fitTable } from '../fit-table';
import { wrapText } from '../wrap-text';
import type { ComparisonSection, SectionBlock, SectionPlace } from './comparison-section';
import { COMPARISON_SECTIONS, sectionsAt } from './registry';

function blockText(block: SectionBlock, width: number | undefined): string {
  const parts = [
    block.heading === undefined ? null : wrapText(`${block.heading}:`, width),
    block.table ? fitTable(block.table, width) : null,
    block.legend === undefined ? null : wrapText(block.legend, width),
    block.lead === undefined ? null : wrapText(block.lead, width),
    block.sentences?.length ? block.sentences.map((s) => wrapText(`- ${s}`, width, 2)).join('\n') : null,
  ];
  return parts.filter((p): p is string => p !== null).join('\n');
}

/**
 * The sections at `place` that apply to the run, for a terminal: each its title, then its blocks a blank line apart.
 * With a `width`, every line fits it (tables split into parts, words wrapped).
 */
export function terminalSections(
  run: SavedRun,
  place: SectionPlace,
  width?: number,
  sections: readonly ComparisonSection[] = COMPARISON_SECTIONS,
): string[] {
  return sectionsAt(run, place, sections).map(
    (s) =>
      `${wrapText(`${s.title}:`, width)}\n${s
        .blocks(run)
        .map((b) => blockText(b, width))
        .join('\n\n')}`,
  );
}
