import { type SavedRun } from '@app/explain';
import { escapeMarkdownKeepingCode } from '../markdown-escape';
import { markdownTable } from '../markdown-table';
import type { ComparisonSection, SectionBlock, SectionPlace } from './comparison-section';
import { COMPARISON_SECTIONS, sectionsAt } from './registry';

// Legends and leads are the project's own text; sentences and headings carry names, in code spans or escaped.
function blockChunks(block: SectionBlock): string[] {
  return [
    block.heading === undefined ? null : `### ${escapeMarkdownKeepingCode(block.heading)}`,
    block.table ? markdownTable(block.table.head, block.table.align, block.table.rows) : null,
    block.legend ?? null,
    block.lead ?? null,
    block.sentences?.length ? block.sentences.map((s) => `- ${escapeMarkdownKeepingCode(s)}`).join('\n') : null,
  ].filter((c): c is string => c !== null);
}

/**
 * The sections at `place` that apply to the run, for summary.md: paragraphs (heading, table, legend, list) to be set a
 * blank line apart.
 */
export function markdownSections(
  run: SavedRun,
  place: SectionPlace,
  sections: readonly ComparisonSection[] = COMPARISON_SECTIONS,
): string[] {
  return sectionsAt(run, place, sections).flatMap((s) => [`## ${s.title}`, ...s.blocks(run).flatMap(blockChunks)]);
}
