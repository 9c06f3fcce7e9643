import { runtimesLine } from '../result/runtimes-line';
import type { BenchRun } from '../result/bench-run.interface';
import { compareResults } from '../result/compare-results';
import { ARTICLE_SOURCE_NOTE, PRESETS_WITH_ARTICLE_CASES } from './article-reference';
import { articleMatches, type ArticleMatch } from './article-matches';
import { TABLE_COLUMNS, TABLE_LEGEND, human, type TableColumn } from './table-columns';
import { hasPhases, PHASE_LEGEND, PHASE_TABLE_COLUMNS } from './phase-table-columns';
import { explanationOf, variantFiguresTable, WHY_LEGEND, whyTable } from './why-tables';
import { BATCHING_NOTE, batchingTable } from './batching-table';
import { networkVerdicts } from '../explain/network-verdicts';
import { explainRun } from '../explain/explain-run';
import { shapeSentences } from '../explain/shape-sentences';
import { NETWORK_LEGEND, networkTable } from './network-table';
import { runtimeVerdicts } from '../explain/runtime-verdicts';
import { RUNTIME_LEGEND, runtimeTable } from './runtime-table';
import { connectPlacements } from '../explain/connect-placements';
import { CONNECT_LEGEND, connectTable } from './connect-table';
import { escapeMarkdown, escapeMarkdownKeepingCode } from './markdown-escape';
import { userMessageLine } from './user-message-line';
import { blobBytesLine } from './blob-bytes-line';
import { lifetimePeakLegend } from './lifetime-peak';

type Align = 'left' | 'right';

// Cells hold names users chose (scenarios, variants of their presets) beside the figures: all are escaped.
function markdownTable(head: string[], aligns: Align[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(escapeMarkdown).join(' | ')} |`;
  const rule = `| ${aligns.map((a) => (a === 'right' ? '---:' : '---')).join(' | ')} |`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

function header(run: BenchRun): string[] {
  const { cpu, node, os } = run.environment;
  const ended = run.endedAt ?? 'not ended';
  const lines = [`# wirebench results: ${run.preset} preset`, ''];
  // The label is the caller's, the error may quote a server, the CPU model is the machine's: text, never markup.
  if (run.label) lines.push(`- **Label:** ${escapeMarkdown(run.label)}`);
  lines.push(`- **Date:** ${run.startedAt} to ${ended} (UTC)`);
  if (run.endReason !== 'completed') lines.push(`- **Ended:** ${run.endReason}${run.error ? ` (${escapeMarkdown(run.error)})` : ''}`);
  lines.push(`- **Machine:** ${escapeMarkdown(cpu.model)}, ${cpu.cores} cores, Node ${node}, ${os.platform} ${os.release} ${os.arch}`);
  // File paths and a message name are the user's: text, never markup.
  const message = userMessageLine(run.scenarios);
  if (message) lines.push(`- **Message:** ${escapeMarkdown(message)}`);
  const blobBytes = blobBytesLine(run.scenarios);
  if (blobBytes) lines.push(`- **Blob size:** ${blobBytes}`);
  // Which node measured: the runtimes compared, or what the client and servers reported (paths are the user's: text).
  const runtimes = runtimesLine(run);
  if (runtimes) lines.push(`- **Runtimes:** ${escapeMarkdown(runtimes)}`);
  if ((run.invocations ?? 1) > 1) {
    lines.push(`- **Invocations:** ${run.invocations}, each in fresh server and client processes; intervals from a two-level bootstrap (invocations, then runs within them)`);
  }
  lines.push(`- **Run id:** ${run.id}`, '');
  return lines;
}

// The article's parameters head each row; a run made with other sizes says so rather than being compared silently.
function parameter(article: number, measured: number | undefined): string {
  return measured === undefined || measured === article ? human(article) : `${human(article)} (ran ${human(measured)})`;
}

const articleMs = (ms: number) => ms.toLocaleString('en-US', { maximumFractionDigits: 2 });

function articleRow({ article: c, runtime, json, grpc }: ArticleMatch, withRuntime: boolean): string[] {
  const measured = json ?? grpc;
  const requests = parameter(c.requests, measured?.requests) + (c.mode === 'parallel' ? ' parallel' : '');
  return [
    c.name,
    ...(withRuntime ? [runtime ?? ''] : []),
    parameter(c.rowsPerRequest, measured?.rowsPerRequest),
    requests,
    human(json?.stats.medianMs, 2),
    human(grpc?.stats.medianMs, 2),
    json && grpc ? human(compareResults(json, grpc).ratio.medianGrpcOverJson, 2) : '',
    articleMs(c.jsonMs),
    articleMs(c.grpcMs),
    human(c.grpcMs / c.jsonMs, 2),
  ];
}

/** The article's table beside this run's: a row per case, or per case and runtime on a runtime axis (the runtime named). */
function articleSection(run: BenchRun): string[] {
  const matches = articleMatches(run);
  const withRuntime = matches.some((m) => m.runtime !== null);
  const head = ['case', ...(withRuntime ? ['runtime'] : []), 'rows per request', 'requests', 'JSON median ms', 'gRPC median ms', 'gRPC/JSON',
    'article JSON ms', 'article gRPC ms', 'article gRPC/JSON'];
  const aligns: Align[] = ['left', ...(withRuntime ? ['left' as Align] : []), ...Array<Align>(8).fill('right')];
  return [
    '## Compared with the article',
    '',
    markdownTable(head, aligns, matches.map((m) => articleRow(m, withRuntime))),
    '',
    `Article figures: ${ARTICLE_SOURCE_NOTE}. This run's figures are medians on this machine, so compare the ratios rather than the milliseconds.`,
    '',
  ];
}

function resultsTable(run: BenchRun, columns: readonly TableColumn[]): string {
  return markdownTable(
    columns.map((c) => c.head),
    columns.map((c) => c.align),
    run.scenarios.map((result) => columns.map((c) => c.cell(result, run))),
  );
}

/** A GitHub markdown report: where and when, the article comparison for the article preset, every result, where the time went. */
export function printMarkdown(run: BenchRun): string {
  const article = PRESETS_WITH_ARTICLE_CASES.includes(run.preset) ? articleSection(run) : run.preset === 'batching' ? batchingSection(run) : [];
  const phases = hasPhases(run.scenarios) ? ['', '## Where the time went', '', resultsTable(run, PHASE_TABLE_COLUMNS), '', PHASE_LEGEND] : [];
  return [...header(run), ...article, ...networkSection(run), ...runtimeSection(run), ...shapeSection(run), ...connectSection(run), '## Results', '', resultsTable(run, TABLE_COLUMNS), '', TABLE_LEGEND + lifetimePeakLegend(run.scenarios), ...phases, ...whySection(run)].join('\n');
}

/** Per shape, which transport the runs name and why by phase; only when the run names its shapes (explain-run.ts). */
function shapeSection(run: BenchRun): string[] {
  const sentences = shapeSentences(explainRun(run).cases);
  if (sentences.length === 0) return [];
  return ['## By shape', '', 'Generated from this run\'s measured values: a side is named only where the ratio\'s 95% interval excludes 1.', '', ...sentences.map((s) => `- ${escapeMarkdownKeepingCode(s)}`), ''];
}

function networkSection(run: BenchRun): string[] {
  const verdicts = networkVerdicts(run);
  if (!verdicts) return [];
  const t = networkTable(verdicts);
  return ['## Under network conditions', '', markdownTable(t.head, t.align, t.rows), '', NETWORK_LEGEND, '', ...verdicts.sentences.map((s) => `- ${escapeMarkdown(s)}`), ''];
}

function runtimeSection(run: BenchRun): string[] {
  const verdicts = runtimeVerdicts(run);
  if (!verdicts) return [];
  const t = runtimeTable(verdicts);
  return ['## By runtime', '', markdownTable(t.head, t.align, t.rows), '', RUNTIME_LEGEND, '', ...verdicts.sentences.map((s) => `- ${escapeMarkdown(s)}`), ''];
}

/** Each Connect variant against json and grpc per case; only when the run has one beside either (connect-placements.ts). */
function connectSection(run: BenchRun): string[] {
  const placements = connectPlacements(run);
  if (!placements) return [];
  const t = connectTable(placements);
  return ['## Connect against JSON and gRPC', '', markdownTable(t.head, t.align, t.rows), '', CONNECT_LEGEND, '', ...placements.sentences.map((s) => `- ${escapeMarkdown(s)}`), ''];
}

function batchingSection(run: BenchRun): string[] {
  const t = batchingTable(run);
  if (!t) return [];
  return ['## Many small calls or one large one', '', markdownTable(t.head, t.align, t.rows), '', BATCHING_NOTE, ''];
}

// Ends the report, so its last lines are the generated sentences.
function whySection(run: BenchRun): string[] {
  const explanation = explanationOf(run);
  if (!explanation) return [];
  const why = whyTable(explanation);
  const figures = variantFiguresTable(explanation);
  return [
    '',
    '## Why',
    '',
    markdownTable(why.head, why.align, why.rows),
    '',
    WHY_LEGEND,
    '',
    '### Per variant',
    '',
    markdownTable(figures.head, figures.align, figures.rows),
    '',
    '### In words',
    '',
    'Generated from this run\'s measured values:',
    '',
    // Generated, but around the scenario names of the run.
    ...explanation.sentences.map((s) => `- ${escapeMarkdown(s)}`),
  ];
}
