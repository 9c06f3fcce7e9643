import {
  benchSection,
  COMPARISON_SECTIONS,
  print,
  printMarkdown,
  printTable,
  type ComparisonSection,
  type SectionId,
} from '@app/printers';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BenchRun } from '@app/bench';
import { type SavedRun } from '@app/explain';
import {
  BATCHING_CASES,
  benchRun,
  connectRun,
  EXPLAIN_CASES,
  floorRun,
  loadRun,
  networkRun,
  QUICK_CASES,
  runtimeRun,
  shapeRun,
} from './fixtures/report-runs';
import { printReportHtml } from './report-html.printer';
import { reportModel } from './report-model';

// A run each section applies to: a new section fails to compile here until it has one.
const APPLIES_TO: Record<SectionId, () => SavedRun> = {
  article: () => benchRun({ runs: 3 }),
  network: networkRun,
  runtimes: runtimeRun,
  connect: connectRun,
  floor: floorRun,
  batching: () => benchRun({ preset: 'batching', cases: BATCHING_CASES }),
  shapes: shapeRun,
  phases: () => benchRun({ runs: 5, cases: EXPLAIN_CASES, phases: true }),
  why: () => benchRun({ runs: 5, cases: EXPLAIN_CASES, phases: true }),
  load: loadRun,
};

/** Each output's headings: the terminal's "Title:" lines, summary.md's "## Title", report.html's <h2>. */
function headings(run: SavedRun, sections: readonly ComparisonSection[] = COMPARISON_SECTIONS) {
  const isBench = run.kind === 'bench';
  const table = isBench ? printTable(run, undefined, sections) : print('table', run);
  const md = isBench ? printMarkdown(run, sections) : print('md', run);
  const html = printReportHtml([run], sections);
  return {
    terminal: table
      .split('\n')
      .filter((l) => /^[A-Z].*:$/.test(l))
      .map((l) => l.slice(0, -1)),
    markdown: md
      .split('\n')
      .filter((l) => l.startsWith('## '))
      .map((l) => l.slice(3)),
    html: [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]),
    texts: [table, md, html],
  };
}

describe('every comparison section, in every output', () => {
  it.each(COMPARISON_SECTIONS.map((s) => [s.id, s] as const))(
    '%s: printed by the terminal, summary.md and report.html alike',
    (id, section) => {
      const run = APPLIES_TO[id]();
      expect(section.appliesTo(run)).toBe(true);
      const { terminal, markdown, html } = headings(run);
      expect(terminal).toContain(section.title);
      expect(markdown).toContain(section.title);
      expect(html).toContain(section.title);
    },
  );

  it('a section that does not apply is printed by none of them (a quick run: no comparison section at all)', () => {
    const quick = benchRun({ preset: 'quick', cases: QUICK_CASES, runs: 3 });
    const titles = COMPARISON_SECTIONS.map((s) => s.title);
    const { terminal, markdown, html } = headings(quick);
    for (const printed of [terminal, markdown, html]) expect(printed.filter((t) => titles.includes(t))).toEqual([]);
  });

  it('the outputs print the sections in the registry order', () => {
    const run = benchRun({ preset: 'explain', runs: 5, cases: EXPLAIN_CASES, phases: true });
    const order = (printed: string[]) => printed.filter((t) => COMPARISON_SECTIONS.some((s) => s.title === t));
    const { terminal, markdown, html } = headings(run);
    expect(order(terminal)).toEqual(['Compared with the article', 'Where the time went', 'Why']);
    expect(order(markdown)).toEqual(order(terminal));
    expect(order(html)).toEqual(order(terminal));
  });
});

describe('adding a section is one entry', () => {
  const run = benchRun({ preset: 'quick', cases: QUICK_CASES, runs: 3 });
  const tiny = (applies: boolean) =>
    benchSection({
      id: 'tiny',
      title: 'A tiny section',
      place: 'after-results',
      appliesTo: (r: BenchRun) => applies && r.scenarios.length > 0,
      blocks: (r: BenchRun) => [
        {
          table: { head: ['cases'], align: ['right'], rows: [[String(r.scenarios.length)]] },
          legend: 'How many results.',
          sentences: ['The tiny section says `hello`.'],
        },
      ],
    });

  it('registered beside the others, it reaches all three outputs with its table, legend and sentences', () => {
    const { terminal, markdown, html, texts } = headings(run, [...COMPARISON_SECTIONS, tiny(true)]);
    for (const printed of [terminal, markdown, html]) expect(printed).toContain('A tiny section');
    for (const text of texts) {
      expect(text).toContain('How many results.');
      expect(text).toContain(String(run.scenarios.length));
    }
    expect(texts[1]).toContain('- The tiny section says `hello`.');
    expect(texts[2]).toContain('<li>The tiny section says `hello`.</li>');
  });

  it('not applying, it reaches none', () => {
    const { texts } = headings(run, [...COMPARISON_SECTIONS, tiny(false)]);
    for (const text of texts) expect(text).not.toContain('A tiny section');
  });
});

describe('the batching section needs splits of one total, per shape', () => {
  // --shapes row,binary --rows 10000: several shapes at one row count, one call each.
  const shapes = benchRun({
    preset: 'quick',
    cases: (['row', 'binary'] as const).map((shape) => ({
      name: `rows-10000-${shape}`,
      mode: 'single' as const,
      rows: 10_000,
      requests: 1,
    })),
  });
  const run: BenchRun = {
    ...shapes,
    scenarios: shapes.scenarios.map((r) => ({ ...r, shape: r.name.endsWith('binary') ? 'binary' : 'row' })),
  };

  it('a --shapes run has no batching section, in the report or anywhere else', () => {
    const { terminal, markdown, html, texts } = headings(run);
    for (const printed of [terminal, markdown, html])
      expect(printed).not.toContain('Many small calls or one large one');
    expect(texts[2]).not.toContain('many-vs-one');
    expect(reportModel([shapeRun()]).sections.map((s) => s.title)).not.toContain('Many small calls or one large one');
  });
});

describe('the report iterates the registry', () => {
  it('names no section: no title, no section id, no analysis of one', () => {
    for (const file of ['report-model.ts', 'report-html.printer.ts']) {
      const source = readFileSync(join(__dirname, file), 'utf8');
      for (const s of COMPARISON_SECTIONS) expect(source).not.toContain(`'${s.title}'`);
      expect(source).not.toMatch(
        new RegExp(
          String.raw`networkVerdicts|runtimeVerdicts|connectPlacements|batching|explainRun|shapeSente` +
            String.raw`nces|articleMatches|phaseCharts|loadCharts`,
          'i',
        ),
      );
    }
  });
});
