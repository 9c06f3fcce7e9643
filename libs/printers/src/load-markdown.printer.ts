import type { LoadRun } from '@app/load';
import { escapeMarkdown } from './markdown-escape';
import { runtimePairsLine } from '@app/bench';
import type { ComparisonSection } from './sections/comparison-section';
import { COMPARISON_SECTIONS } from './sections/registry';
import { markdownSections } from './sections/markdown-sections';

/** A GitHub markdown report of a load run: where and when, then its sections (the levels table and notes). */
export function printLoadMarkdown(run: LoadRun, sections: readonly ComparisonSection[] = COMPARISON_SECTIONS): string {
  const env = run.environment;
  const header = [
    `# wirebench load${run.label ? `: ${escapeMarkdown(run.label)}` : ''}`,
    '',
    `- **Date:** ${run.startedAt} to ${run.endedAt ?? '(running)'} (UTC), ended: ${run.endReason}`,
    `- **Machine:** ${escapeMarkdown(env.cpu.model)}, ` +
      `${env.cpu.cores} cores, Node ${env.node}, ${env.os.platform} ${env.os.release}`,
    ...(run.runtimes?.length
      ? [`- **Runtimes:** ${escapeMarkdown(runtimePairsLine(run.runtimes, 'generators', run.startedAt))}`]
      : []),
    `- **Run id:** ${run.id}`,
  ].join('\n');
  return [
    header,
    ...markdownSections(run, 'before-results', sections),
    ...markdownSections(run, 'after-results', sections),
  ].join('\n\n');
}
