import Table from 'cli-table3';
import type { LoadRun } from '../result/load-run.interface';
import { toCsvRecords } from '../printers/csv-cell';
import { escapeMarkdownCell } from '../printers/markdown.printer';
import { LOAD_COLUMNS, LOAD_TABLE_COLUMNS, LOAD_TABLE_LEGEND } from './load-columns';

/** levels.csv: one row per level x target x transport, RFC 4180 like the bench CSVs. */
export function printLoadCsv(run: LoadRun): string {
  return toCsvRecords([LOAD_COLUMNS.map((c) => c.name), ...run.levels.map((l) => LOAD_COLUMNS.map((c) => c.value(l, run)))]);
}

export function printLoadTable(run: LoadRun): string {
  const table = new Table({ head: LOAD_TABLE_COLUMNS.map((c) => c.head), style: { head: [], border: [], compact: true } });
  for (const level of run.levels) table.push(LOAD_TABLE_COLUMNS.map((c) => c.cell(level)));
  const notes = run.levels.flatMap((l) => l.notes.map((n) => `${l.transport}/${l.targetKind} c=${l.concurrency}: ${n}`));
  return [table.toString(), LOAD_TABLE_LEGEND, ...notes].join('\n');
}

export function printLoadMarkdown(run: LoadRun): string {
  const head = `| ${LOAD_TABLE_COLUMNS.map((c) => c.head).join(' | ')} |`;
  const rule = `| ${LOAD_TABLE_COLUMNS.map((_c, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`;
  const rows = run.levels.map((l) => `| ${LOAD_TABLE_COLUMNS.map((c) => escapeMarkdownCell(c.cell(l))).join(' | ')} |`);
  const env = run.environment;
  return [
    `# wirebench load${run.label ? `: ${escapeMarkdownCell(run.label)}` : ''}`,
    '',
    `- **Date:** ${run.startedAt} to ${run.endedAt ?? '(running)'} (UTC), ended: ${run.endReason}`,
    `- **Machine:** ${env.cpu.model}, ${env.cpu.cores} cores, Node ${env.node}, ${env.os.platform} ${env.os.release}`,
    `- **Run id:** ${run.id}`,
    '',
    head,
    rule,
    ...rows,
    '',
    LOAD_TABLE_LEGEND,
    ...run.levels.flatMap((l) => l.notes.map((n) => `- ${l.transport}/${l.targetKind} c=${l.concurrency}: ${escapeMarkdownCell(n)}`)),
  ].join('\n');
}
