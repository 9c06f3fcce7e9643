import { runtimesLine } from '@app/bench';
import type { BenchRun } from '@app/bench';
import { TABLE_COLUMNS, TABLE_LEGEND } from './table-columns';
import { lifetimePeakLegend } from './lifetime-peak';
import { columnsTable } from './columns-table';
import { escapeMarkdown } from './markdown-escape';
import { markdownTable } from './markdown-table';
import { userMessageLine } from './user-message-line';
import { blobBytesLine } from './blob-bytes-line';
import type { ComparisonSection } from './sections/comparison-section';
import { COMPARISON_SECTIONS } from './sections/registry';
import { markdownSections } from './sections/markdown-sections';

function header(run: BenchRun): string[] {
  const { cpu, node, os } = run.environment;
  const ended = run.endedAt ?? 'not ended';
  const lines = [`# wirebench results: ${run.preset} preset`, ''];
  // The label is the caller's, the error may quote a server, the CPU model is the machine's: text, never markup.
  if (run.label) lines.push(`- **Label:** ${escapeMarkdown(run.label)}`);
  lines.push(`- **Date:** ${run.startedAt} to ${ended} (UTC)`);
  if (run.endReason !== 'completed')
    lines.push(`- **Ended:** ${run.endReason}${run.error ? ` (${escapeMarkdown(run.error)})` : ''}`);
  lines.push(
    `- **Machine:** ${escapeMarkdown(cpu.model)}, ` +
      `${cpu.cores} cores, Node ${node}, ${os.platform} ${os.release} ${os.arch}`,
  );
  // File paths and a message name are the user's: text, never markup.
  const message = userMessageLine(run.scenarios);
  if (message) lines.push(`- **Message:** ${escapeMarkdown(message)}`);
  const blobBytes = blobBytesLine(run.scenarios);
  if (blobBytes) lines.push(`- **Blob size:** ${blobBytes}`);
  // Which node measured: the runtimes compared, or what the client and servers reported (paths are the user's: text).
  const runtimes = runtimesLine(run);
  if (runtimes) lines.push(`- **Runtimes:** ${escapeMarkdown(runtimes)}`);
  if ((run.invocations ?? 1) > 1) {
    lines.push(
      `- **Invocations:** ${run.invocations}, each in fresh server and client processes; intervals from a ` +
        `two-level bootstrap (invocations, then runs within them)`,
    );
  }
  lines.push(`- **Run id:** ${run.id}`);
  return lines;
}

/**
 * A GitHub markdown report: where and when, every result, and every comparison section that applies to the run
 * (sections/registry.ts) before or after them, each paragraph a blank line from the next.
 */
export function printMarkdown(run: BenchRun, sections: readonly ComparisonSection[] = COMPARISON_SECTIONS): string {
  const results = columnsTable(run, TABLE_COLUMNS);
  return [
    header(run).join('\n'),
    ...markdownSections(run, 'before-results', sections),
    '## Results',
    markdownTable(results.head, results.align, results.rows),
    TABLE_LEGEND + lifetimePeakLegend(run.scenarios),
    ...markdownSections(run, 'after-results', sections),
  ].join('\n\n');
}
