import type { LoadRun } from '../result/load-run.interface';
import { shapeTag } from '../load/level-shape';
import { escapeMarkdown } from './markdown-escape';
import { LOAD_TABLE_COLUMNS, LOAD_TABLE_LEGEND } from './load-columns';

/** A GitHub markdown report of a load run: where and when, then the levels table and notes. */
export function printLoadMarkdown(run: LoadRun): string {
  const head = `| ${LOAD_TABLE_COLUMNS.map((c) => c.head).join(' | ')} |`;
  const rule = `| ${LOAD_TABLE_COLUMNS.map((_c, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`;
  const rows = run.levels.map((l) => `| ${LOAD_TABLE_COLUMNS.map((c) => escapeMarkdown(c.cell(l))).join(' | ')} |`);
  const env = run.environment;
  return [
    `# wirebench load${run.label ? `: ${escapeMarkdown(run.label)}` : ''}`,
    '',
    `- **Date:** ${run.startedAt} to ${run.endedAt ?? '(running)'} (UTC), ended: ${run.endReason}`,
    `- **Machine:** ${escapeMarkdown(env.cpu.model)}, ${env.cpu.cores} cores, Node ${env.node}, ${env.os.platform} ${env.os.release}`,
    `- **Run id:** ${run.id}`,
    '',
    head,
    rule,
    ...rows,
    '',
    LOAD_TABLE_LEGEND,
    ...run.levels.flatMap((l) => l.notes.map((n) => `- ${l.transport}/${l.targetKind}${shapeTag(l)} c=${l.concurrency}: ${escapeMarkdown(n)}`)),
    ...(run.stopped ? ['', `**${escapeMarkdown(run.stopped)}**`] : []),
  ].join('\n');
}
