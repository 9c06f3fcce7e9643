import { COMPARISON_SECTIONS, type ComparisonSection } from '@app/printers';
import { type SavedRun } from '@app/explain';
import { chartLibrarySource } from './chart-library';
import type { ChartSpec, LeftOut, ReportSection } from './chart-spec.interface';
import { drawReport } from './draw-report.script';
import { escapeHtml as e, jsonForScript } from './escape-html';
import { reportModel } from './report-model';
import type { RunContext } from './run-context';
import { REPORT_STYLES } from './report-styles';
import { blockHtml } from './block-html';
import { tableHtml } from './table-html';

// Nothing may leave the page: a report opened from file:// must not reach a CDN or anything else.
const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:";

function chartHtml(chart: ChartSpec): string {
  const notes = chart.notes.length
    ? `<ul class="notes">${chart.notes.map((n) => `<li>${e(n)}</li>`).join('')}</ul>`
    : '';
  const plot =
    `<div class="plot"><canvas ` +
    `id="chart-${e(chart.id)}" role="img" ` +
    `aria-label="${e(`${chart.title}: ${chart.y.title} against ${chart.x.title}`)}"></canvas></div>`;
  // Sentences read beside the picture they explain, not under a long table.
  const beside = chart.beside?.length
    ? `<ul class="beside">${chart.beside.map((s) => `<li>${e(s)}</li>`).join('')}</ul>`
    : '';
  return [
    `<figure class="chart" id="figure-${e(chart.id)}">`,
    `<figcaption><h3>${e(chart.title)}</h3><p>${e(chart.caption)}</p></figcaption>`,
    beside ? `<div class="plot-with-words">${plot}${beside}</div>` : plot,
    tableHtml(chart.id, chart.table, 'The numbers behind the chart'),
    notes,
    '</figure>',
  ].join('\n');
}

const NOTHING_YET =
  '<p class="left-out">Nothing to draw yet: no scenario or load level of this run has finished. The report is ' +
  'rewritten after each one; the table above says how the run ended.</p>';

const leftOutHtml = (l: LeftOut) =>
  `<p class="left-out"><strong>${e(l.title)}</strong>: not drawn, ${e(l.reason)}.</p>`;

function sectionHtml(section: ReportSection): string {
  return [
    `<section class="report-section">`,
    `<h2>${e(section.title)}</h2>`,
    ...section.charts.map(chartHtml),
    ...section.leftOut.map(leftOutHtml),
    ...section.blocks.map(blockHtml),
    '</section>',
  ].join('\n');
}

function contextHtml(run: RunContext, many: boolean): string {
  const facts = run.facts.map(([k, v]) => `<tr><th scope="row">${e(k)}</th><td>${e(v)}</td></tr>`).join('\n');
  return [
    `<section class="context">${many ? `<h2>Run: ${e(run.name)}</h2>` : ''}`,
    `<table class="run-header"><caption>What was run, where and when</caption><tbody>\n${facts}\n</tbody></table>`,
    `<details><summary>Options as recorded in result.json</summary><pre>${e(run.options)}</pre></details>`,
    '</section>',
  ].join('\n');
}

function navHtml(sections: ReportSection[]): string {
  const link = (href: string, text: string) => `<li><a href="#${e(href)}">${e(text)}</a></li>`;
  // A section printed as words and tables has no figure to link: its first block stands for it.
  const items = sections.flatMap((s) =>
    s.charts.length
      ? s.charts.map((c) => link(`figure-${c.id}`, c.title))
      : s.blocks.slice(0, 1).map((b) => link(`block-${b.id}`, s.title)),
  );
  return items.length ? `<nav><ul>${items.join('')}</ul></nav>` : '';
}

/**
 * One self-contained HTML page for one run or several overlaid: context at the top, then every section that applies
 * (reportModel), each chart with its table beneath, charts without data named with why. Chart.js, the drawing script,
 * the styles and the data are inlined, so it opens from file:// with no network (its Content-Security-Policy forbids
 * any).
 */
export function printReportHtml(
  runs: SavedRun[],
  sections: readonly ComparisonSection[] = COMPARISON_SECTIONS,
): string {
  const model = reportModel(runs, sections);
  const charts = model.sections.flatMap((s) => s.charts);
  // The tables are already in the page as HTML; the script needs only what it draws.
  const data = charts.map(({ table: _table, ...drawn }) => drawn);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(model.title)}</title>`,
    `<style>${REPORT_STYLES}</style>`,
    '</head>',
    '<body>',
    `<header><h1>${e(model.title)}</h1>`,
    `<p class="generated">Charts drawn ` +
      `by ${e(model.chartLibrary)}, inlined with the data: this file needs no network. Every chart has its ` +
      `numbers in a table beneath it.</p>`,
    ...model.runs.map((run) => contextHtml(run, model.runs.length > 1)),
    navHtml(model.sections),
    '</header>',
    '<main>',
    ...(model.sections.length ? model.sections.map(sectionHtml) : [NOTHING_YET]),
    '</main>',
    `<script type="application/json" id="report-data">${jsonForScript(data)}</script>`,
    `<script>${chartLibrarySource()}</script>`,
    `<script>(${drawReport.toString()})(JSON.parse(document.getElementById('report-data').textContent), ` +
      `Chart);</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
