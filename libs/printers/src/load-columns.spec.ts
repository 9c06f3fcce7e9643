import { SAMPLE_RUN } from '@app/explain';
import { sampleLevel } from '@app/load';
import { printLoadCsv } from './load-csv.printer';
import { printLoadMarkdown } from './load-markdown.printer';
import { LOAD_COLUMNS, loadTableColumns, loadTableKey } from './load-columns';
import type { LoadLevelResult } from '@app/load';
import type { LoadRun } from '@app/load';

const shapeColumn = LOAD_COLUMNS.find((c) => c.name === 'shape')!;

describe('the shape column of levels.csv and the load tables', () => {
  it("gives each level's shape, and row for a level saved before shapes (no shape field)", () => {
    const run = { id: 'r', label: null } as unknown as LoadRun;
    const { shape: _none, ...old } = sampleLevel();
    expect(shapeColumn.value(old, run)).toBe('row');
    expect(shapeColumn.value(sampleLevel({ shape: 'numeric' }), run)).toBe('numeric');
    expect(shapeColumn.table!.cell(sampleLevel({ shape: 'text' }))).toBe('text');
  });

  it('is written to levels.csv and the markdown table, and names the shape in notes for all but row', () => {
    const levels = [sampleLevel({ shape: 'row', notes: ['a'] }), sampleLevel({ shape: 'binary', notes: ['b'] })];
    const run: LoadRun = {
      ...SAMPLE_RUN,
      kind: 'load' as const,
      scenarios: undefined,
      targets: {},
      levels,
      label: null,
    } as unknown as LoadRun;
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

describe('the runtime columns of levels.csv and the load tables', () => {
  const node22 = { nodeVersion: '22.23.3', v8Version: '12.4.254.21-node.33' };
  const node24 = { nodeVersion: '24.21.0', v8Version: '13.6.233.17-node.37' };
  const runOf = (levels: LoadLevelResult[]): LoadRun =>
    ({
      ...SAMPLE_RUN,
      kind: 'load' as const,
      scenarios: undefined,
      targets: {},
      levels,
      label: null,
    }) as unknown as LoadRun;

  it(
    "writes the label, the generator's and the server's versions; empty for the generator of a ghz level and " +
      'in older files',
    () => {
      const levels = [
        sampleLevel({ runtime: { generator: node24, server: node22, label: 'server22.23.3-client24.21.0' } }),
        sampleLevel({
          transport: 'grpc',
          engine: 'ghz',
          runtime: { generator: null, server: node22, label: 'node22.23.3' },
        }),
        sampleLevel(),
      ];
      const [head, ...rows] = printLoadCsv(runOf(levels)).trim().split(/\r?\n/);
      const names = ['runtime', 'node_version', 'v8_version', 'server_node_version', 'server_v8_version'];
      const at = names.map((n) => head.split(',').indexOf(n));
      expect(at.every((i) => i > -1)).toBe(true);
      expect(rows.map((r) => at.map((i) => r.split(',')[i]))).toEqual([
        ['server22.23.3-client24.21.0', '24.21.0', node24.v8Version, '22.23.3', node22.v8Version],
        ['node22.23.3', '', '', '22.23.3', node22.v8Version],
        ['', '', '', '', ''],
      ]);
    },
  );

  it('the tables show the runtime only when a level has one, and notes name it', () => {
    const plain = [sampleLevel({ notes: ['a'] })];
    expect(loadTableColumns(plain).map((c) => c.head)).not.toContain('runtime');
    expect(printLoadMarkdown(runOf(plain))).not.toMatch(/\| runtime \|/);
    const axis = [sampleLevel({ notes: ['b'], runtime: { generator: node22, server: node22, label: 'node22.23.3' } })];
    const columns = loadTableColumns(axis);
    expect(columns.map((c) => c.head)).toContain('runtime');
    // The runtime names a level: repeated in each part of a table split to fit a terminal.
    expect(loadTableKey(columns).map((i) => columns[i].head)).toEqual(['transport', 'target', 'shape', 'runtime', 'c']);
    const md = printLoadMarkdown(runOf(axis));
    expect(md).toMatch(/\| runtime \|/);
    expect(md).toContain('| node22.23.3 |');
    expect(md).toContain('- json/nest@node22.23.3 c=500: b');
  });
});

describe('the noise of levels.csv and the load sections', () => {
  const runOf = (levels: LoadLevelResult[]): LoadRun =>
    ({
      ...SAMPLE_RUN,
      kind: 'load' as const,
      scenarios: undefined,
      targets: {},
      levels,
      label: null,
    }) as unknown as LoadRun;

  it("writes each level's foreign CPU, steal and disturbed; empty in older files", () => {
    const levels = [
      sampleLevel({ foreignCpuCores: 0.6, stealCores: 0.01, disturbed: true, disturbedAbove: 0.2 }),
      sampleLevel(),
    ];
    const [head, ...rows] = printLoadCsv(runOf(levels)).trim().split(/\r?\n/);
    const at = ['foreign_cpu_cores', 'steal_cores', 'disturbed'].map((n) => head.split(',').indexOf(n));
    expect(rows.map((r) => at.map((i) => r.split(',')[i]))).toEqual([
      ['0.6', '0.01', 'yes'],
      ['', '', ''],
    ]);
  });

  it('says in summary.md how many levels were disturbed, and names each one', () => {
    const levels = [
      sampleLevel({ concurrency: 10, foreignCpuCores: 0.05, disturbed: false, disturbedAbove: 0.2 }),
      sampleLevel({ foreignCpuCores: 0.6, disturbed: true, disturbedAbove: 0.2 }),
    ];
    const md = printLoadMarkdown(runOf(levels));
    expect(md).toMatch(/Noise: 1 of 2 levels disturbed, up to 0\.6 of a core beside them\./);
    expect(md).toMatch(/json\/nest c=500: disturbed, 0\.6 cores of other CPU beside it \(above 0\.2\)/);
    expect(md).not.toMatch(/c=10: disturbed/);
  });
});
