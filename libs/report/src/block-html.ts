import type { TextBlockSpec } from './chart-spec.interface';
import { escapeHtml as e } from './escape-html';
import { tableHtml } from './table-html';

/** A section's block where it draws no chart: heading, table, legend and sentences, as summary.md prints them. */
export function blockHtml(block: TextBlockSpec): string {
  return [
    `<div class="section-block" id="block-${e(block.id)}">`,
    ...(block.heading ? [`<h3>${e(block.heading)}</h3>`] : []),
    ...(block.table ? [tableHtml(block.id, block.table, null)] : []),
    ...(block.legend ? [`<p class="notes">${e(block.legend)}</p>`] : []),
    ...(block.lead ? [`<p>${e(block.lead)}</p>`] : []),
    ...(block.sentences.length
      ? [`<ul class="sentences">${block.sentences.map((s) => `<li>${e(s)}</li>`).join('')}</ul>`]
      : []),
    '</div>',
  ].join('\n');
}
