import type { TableSpec } from './chart-spec.interface';
import { escapeHtml as e } from './escape-html';

/** A table of the page, its numeric columns right-aligned; every cell escaped (names are the user's). */
export function tableHtml(id: string, table: TableSpec, caption: string | null): string {
  const cell = (tag: 'th' | 'td', text: string, i: number) =>
    `<${tag}${table.numeric[i] ? ' class="num"' : ''}>${e(text)}</${tag}>`;
  return [
    `<div class="table-scroll"><table class="numbers" id="table-${e(id)}">`,
    ...(caption === null ? [] : [`<caption>${e(caption)}</caption>`]),
    `<thead><tr>${table.head.map((h, i) => cell('th', h, i)).join('')}</tr></thead>`,
    `<tbody>${table.rows.map((row) => `<tr>${row.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('\n')}</tbody>`,
    '</table></div>',
  ].join('\n');
}
