import Table from 'cli-table3';
import type { PlainTable } from './why-tables';
import { wrapText } from './wrap-text';

function render(t: PlainTable, columns: number[]): string {
  const table = new Table({
    head: columns.map((i) => t.head[i]),
    colAligns: columns.map((i) => t.align[i]),
    // No colour codes (pipes, log files); compact drops the rule between rows.
    style: { head: [], border: [], compact: true },
  });
  for (const row of t.rows) table.push(columns.map((i) => row[i] ?? ''));
  return table.toString();
}

const widest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

/** Too narrow for even one column beside the key ones: each row as a block of "head: value" lines. */
function vertical(t: PlainTable, key: number[], width: number): string {
  const rest = t.head.map((_h, i) => i).filter((i) => !key.includes(i));
  return t.rows
    .map((row) => {
      const title =
        key
          .map((i) => row[i])
          .filter((v) => v)
          .join(' · ') || '-';
      const lines = rest.filter((i) => row[i]).map((i) => wrapText(`  ${t.head[i]}: ${row[i]}`, width, 2));
      return [wrapText(title, width, 2), ...lines].join('\n');
    })
    .join('\n\n');
}

/**
 * A table for a terminal `width` characters wide (undefined: as wide as it is, for pipes and files). Too wide, it is
 * split into parts that fit, each repeating the key columns (the first one by default) with rows in the same order;
 * when not even one more column fits beside them, each row becomes a block of lines. No figure is left out.
 */
export function fitTable(t: PlainTable, width?: number): string {
  const all = t.head.map((_h, i) => i);
  const whole = render(t, all);
  if (width === undefined || widest(whole) <= width) return whole;
  const key = t.key ?? [0];
  if (widest(render(t, key)) > width) return vertical(t, key, width);
  const parts: number[][] = [];
  let part: number[] = [];
  for (const i of all.filter((c) => !key.includes(c))) {
    if (widest(render(t, [...key, ...part, i])) <= width) {
      part.push(i);
    } else if (part.length === 0) {
      return vertical(t, key, width);
    } else {
      parts.push(part);
      part = [i];
      if (widest(render(t, [...key, i])) > width) return vertical(t, key, width);
    }
  }
  if (part.length > 0 || parts.length === 0) parts.push(part);
  return parts.map((p) => render(t, [...key, ...p])).join('\n');
}
