import { SAMPLE_RUN } from '@app/explain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchSection } from './comparison-section';
import { markdownSections } from './markdown-sections';
import { COMPARISON_SECTIONS, sectionsAt } from './registry';
import { terminalSections } from './terminal-sections';

describe('the section registry', () => {
  it('gives every section its own id and title', () => {
    expect(new Set(COMPARISON_SECTIONS.map((s) => s.id)).size).toBe(COMPARISON_SECTIONS.length);
    expect(new Set(COMPARISON_SECTIONS.map((s) => s.title)).size).toBe(COMPARISON_SECTIONS.length);
  });

  it('picks the sections at a place that apply to the run, in registry order', () => {
    // The sample run is of the article preset, and one of its results reports phases.
    expect(sectionsAt(SAMPLE_RUN, 'before-results').map((s) => s.id)).toEqual(['article']);
    expect(sectionsAt(SAMPLE_RUN, 'after-results').map((s) => s.id)).toEqual(['phases']);
    expect(
      sectionsAt(
        { ...SAMPLE_RUN, preset: 'quick', scenarios: SAMPLE_RUN.scenarios.map((r) => ({ ...r, phases: null })) },
        'before-results',
      ),
    ).toEqual([]);
  });

  it('is what the printers print: they name no section and call no analysis of one', () => {
    const printers = [
      'table.printer.ts',
      'markdown.printer.ts',
      'load-table.printer.ts',
      'load-markdown.printer.ts',
      'sections/terminal-sections.ts',
      'sections/markdown-sections.ts',
    ];
    for (const file of printers) {
      const source = readFileSync(join(__dirname, '..', file), 'utf8');
      for (const s of COMPARISON_SECTIONS) expect(source).not.toContain(`'${s.title}'`);
      expect(source).not.toMatch(
        new RegExp(
          String.raw`explain\/|Verdicts|Placements|batching|explanationOf|hasPhases|PHASE_|articleMat` +
            String.raw`ches|article-|levelTag|LOAD_TABLE`,
        ),
      );
    }
  });
});

describe('a section in the terminal and in summary.md', () => {
  const section = benchSection({
    id: 'words',
    title: 'Some words',
    place: 'after-results',
    appliesTo: () => true,
    blocks: () => [
      {
        table: { head: ['name', 'ms'], align: ['left', 'right'], rows: [['a|b', '1.00']] },
        legend: 'ms: a legend long enough to wrap at forty columns.',
      },
      { heading: 'In words', lead: 'Generated:', sentences: ['`a|b` took *1* ms.'] },
    ],
  });

  it(
    'terminal: the title, then each block (heading, table, legend, lead, sentences) a blank line apart, ' +
      'within the width',
    () => {
      const [text] = terminalSections(SAMPLE_RUN, 'after-results', 40, [section]);
      expect(text.split('\n')[0]).toBe('Some words:');
      expect(text).toContain('\n\nIn words:\nGenerated:\n- `a|b` took *1* ms.');
      expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(40);
      expect(terminalSections(SAMPLE_RUN, 'before-results', 40, [section])).toEqual([]);
    },
  );

  it('summary.md: a heading and paragraphs; cells and sentences escaped, code spans kept', () => {
    expect(markdownSections(SAMPLE_RUN, 'after-results', [section])).toEqual([
      '## Some words',
      '| name | ms |\n| --- | ---: |\n| a\\|b | 1.00 |',
      'ms: a legend long enough to wrap at forty columns.',
      '### In words',
      'Generated:',
      '- `a|b` took \\*1\\* ms.',
    ]);
  });
});
