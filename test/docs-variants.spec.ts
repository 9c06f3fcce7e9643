// The variants table of docs/variants.md lists every variant of the registry (scenario/variants.ts) with its family,
// baseline and factor as the registry declares them, and nothing the registry does not have.
import { VARIANT_NAMES, VARIANTS } from '@app/bench';
import { ROOT } from './support/app-process';
import { readDoc } from './support/markdown';

const PAGE = 'docs/variants.md';

interface DocumentedRow {
  names: string[];
  family: string;
  baseline: string;
  factor: string;
}

/** The rows of the table whose head is `| variant | family | baseline | factor | ...`. */
function variantRows(text: string): DocumentedRow[] {
  const lines = text.split('\n');
  const head = lines.findIndex((l) => /^\|\s*variant\s*\|\s*family\s*\|\s*baseline\s*\|\s*factor\s*\|/.test(l));
  const rows: DocumentedRow[] = [];
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith('|')) break;
    const [first, family, baseline, factor] = line
      .split('|')
      .slice(1)
      .map((c) => c.trim());
    // The first cell names the variant(s) in backticks before any prose in parentheses.
    const names = [...first.replace(/\(.*\)/, '').matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    rows.push({ names, family, baseline, factor });
  }
  return rows;
}

describe(`the variants table in ${PAGE}`, () => {
  const rows = variantRows(readDoc(ROOT, PAGE));

  it('names every variant of the registry once, and no other', () => {
    const documented = rows.flatMap((r) => r.names);
    expect([...documented].sort()).toEqual([...VARIANT_NAMES].sort());
  });

  it("gives each one-variant row the registry's family, baseline and factor", () => {
    for (const row of rows.filter((r) => r.names.length === 1)) {
      const info = VARIANTS[row.names[0] as keyof typeof VARIANTS];
      expect({
        variant: row.names[0],
        family: row.family,
        baseline: row.baseline.replace(/`/g, ''),
        factor: row.factor,
      }).toEqual({
        variant: row.names[0],
        family: info.family,
        baseline: info.baseline ?? '—',
        factor: info.factor ?? '—',
      });
    }
  });
});
