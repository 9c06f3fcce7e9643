// The CSV column reference in docs/results.md lists exactly the columns the files have: the names come from the
// columns' declarations (the same lists the CSV printers write), not from running a bench.
import { describeColumns, LOAD_COLUMNS, RUNS_CSV_COLUMNS, SUMMARY_CSV_COLUMNS } from '@app/printers';
import { ROOT } from './support/app-process';
import { headings, readDoc } from './support/markdown';

const PAGE = 'docs/results.md';

interface Declared {
  name: string;
  unit: string;
  description: string;
}

const FILES: [heading: string, columns: Declared[]][] = [
  ['summary.csv columns', SUMMARY_CSV_COLUMNS],
  ['runs.csv columns', RUNS_CSV_COLUMNS],
  ['levels.csv columns', LOAD_COLUMNS],
];

/** The first cell (`name`) of each table row in the section under `heading`, up to the next heading. */
function documentedColumns(text: string, heading: string): string[] | null {
  const all = headings(text);
  const at = all.findIndex((h) => h.text === heading);
  if (at < 0) return null;
  const lines = text.split('\n').slice(all[at].line, all[at + 1] ? all[at + 1].line - 1 : undefined);
  return lines.map((l) => /^\|\s*`([^`]+)`\s*\|/.exec(l)?.[1]).filter((name): name is string => name !== undefined);
}

describe(`the CSV column reference in ${PAGE}`, () => {
  const text = readDoc(ROOT, PAGE);

  it.each(FILES)('"%s" lists exactly the columns the file has', (heading, columns) => {
    const documented = documentedColumns(text, heading);
    expect(documented).not.toBeNull();
    const produced = columns.map((c) => c.name);
    // A missing column is reported with the row to add, as describeColumns writes it from the declaration.
    const missing = columns
      .filter((c) => !documented!.includes(c.name))
      .map(
        (c) =>
          `${c.name}, add: ${
            describeColumns([{ ...c, value: () => null }])
              .trimEnd()
              .split('\n')[2]
          }`,
      );
    const notProduced = documented!.filter((name) => !produced.includes(name));
    const repeated = documented!.filter((name, i) => documented!.indexOf(name) !== i);
    expect({ missing, notProduced, repeated }).toEqual({ missing: [], notProduced: [], repeated: [] });
  });

  it('reads a table the way the page writes it', () => {
    const page =
      '# x\n\n## runs.csv columns\n\n| column | unit | meaning |\n| --- | --- | --- |\n| `run` | count | n. ' +
      '|\n| `ms` | ms | t. |\n\n## other\n\n| `not_this` | x | y |\n';
    expect(documentedColumns(page, 'runs.csv columns')).toEqual(['run', 'ms']);
    expect(documentedColumns(page, 'summary.csv columns')).toBeNull();
  });
});
