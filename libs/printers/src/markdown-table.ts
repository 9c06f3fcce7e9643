import { escapeMarkdown } from './markdown-escape';

// Cells hold names users chose (scenarios, variants of their presets) beside the figures: all are escaped.
export function markdownTable(head: string[], aligns: ('left' | 'right')[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(escapeMarkdown).join(' | ')} |`;
  const rule = `| ${aligns.map((a) => (a === 'right' ? '---:' : '---')).join(' | ')} |`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}
