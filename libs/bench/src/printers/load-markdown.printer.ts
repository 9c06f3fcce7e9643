import type { LoadRun } from '../result/load-run.interface';
import { escapeMarkdown } from './markdown-escape';
import { runtimePairsLine } from '../result/runtimes-line';
import { levelTag, LOAD_TABLE_LEGEND, loadTableColumns } from './load-columns';

/** A GitHub markdown report of a load run: where and when, then the levels table and notes. */
export function printLoadMarkdown(run: LoadRun): string {
  const columns = loadTableColumns(run.levels);
  const head = `| ${columns.map((c) => c.head).join(' | ')} |`;
  const rule = `| ${columns.map((_c, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`;
  const rows = run.levels.map((l) => `| ${columns.map((c) => escapeMarkdown(c.cell(l))).join(' | ')} |`);
  const env = run.environment;
  return [
    `# wirebench load${run.label ? `: ${escapeMarkdown(run.label)}` : ''}`,
    '',
    `- **Date:** ${run.startedAt} to ${run.endedAt ?? '(running)'} (UTC), ended: ${run.endReason}`,
    `- **Machine:** ${escapeMarkdown(env.cpu.model)}, ${env.cpu.cores} cores, Node ${env.node}, ${env.os.platform} ${env.os.release}`,
    ...(run.runtimes?.length ? [`- **Runtimes:** ${escapeMarkdown(runtimePairsLine(run.runtimes, 'generators'))}`] : []),
    `- **Run id:** ${run.id}`,
    '',
    head,
    rule,
    ...rows,
    '',
    LOAD_TABLE_LEGEND,
    ...run.levels.flatMap((l) => l.notes.map((n) => `- ${levelTag(l)}: ${escapeMarkdown(n)}`)),
    ...(run.stopped ? ['', `**${escapeMarkdown(run.stopped)}**`] : []),
  ].join('\n');
}
