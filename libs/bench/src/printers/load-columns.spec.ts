import { sampleLevel } from '../load/fixtures/sample-level';
import { printLoadCsv } from './load-csv.printer';
import { printLoadMarkdown } from './load-markdown.printer';
import { LOAD_COLUMNS } from './load-columns';
import type { LoadRun } from '../result/load-run.interface';
import { SAMPLE_RUN } from './fixtures/sample-run';

const shapeColumn = LOAD_COLUMNS.find((c) => c.name === 'shape')!;

describe('the shape column of levels.csv and the load tables', () => {
  it('gives each level\'s shape, and row for a level saved before shapes (no shape field)', () => {
    const run = { id: 'r', label: null } as unknown as LoadRun;
    const { shape: _none, ...old } = sampleLevel();
    expect(shapeColumn.value(old, run)).toBe('row');
    expect(shapeColumn.value(sampleLevel({ shape: 'numeric' }), run)).toBe('numeric');
    expect(shapeColumn.table!.cell(sampleLevel({ shape: 'text' }))).toBe('text');
  });

  it('is written to levels.csv and the markdown table, and names the shape in notes for all but row', () => {
    const levels = [sampleLevel({ shape: 'row', notes: ['a'] }), sampleLevel({ shape: 'binary', notes: ['b'] })];
    const run: LoadRun = { ...SAMPLE_RUN, kind: 'load' as const, scenarios: undefined, targets: {}, levels, label: null } as unknown as LoadRun;
    const [head, row, binary] = printLoadCsv(run).trim().split(/\r?\n/);
    const at = head.split(',').indexOf('shape');
    expect(at).toBeGreaterThan(-1);
    expect([row.split(',')[at], binary.split(',')[at]]).toEqual(['row', 'binary']);
    const md = printLoadMarkdown(run);
    expect(md).toMatch(/\| shape \|/);
    expect(md).toMatch(/json\/nest binary c=500: b/);
    expect(md).toMatch(/json\/nest c=500: a/);
  });
});
