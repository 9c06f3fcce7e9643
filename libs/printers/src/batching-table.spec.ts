import { SAMPLE_RUN, sampleResult, samples } from '@app/explain';
import type { BenchRun } from '@app/bench';
import { batchingGroups } from './batching-table';
import { printMarkdown } from './markdown.printer';
import { printTable } from './table.printer';

const base = {
  rowsReceived: 100,
  payloadBytes: 1,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
};
const split = (transport: 'json' | 'grpc', requests: number, ms: number, shape?: 'row' | 'binary') => {
  const name = `batch-${requests}x${100 / requests}${shape ? `-${shape}` : ''}`;
  const r = sampleResult({
    name,
    transport,
    rowsPerRequest: 100 / requests,
    requests,
    mode: requests > 1 ? 'parallel' : 'single',
    runs: samples([ms], base),
  });
  return { ...r, ...(shape ? { shape } : {}), stats: { ...r.stats, medianMs: ms } };
};

describe('batchingGroups', () => {
  const run: BenchRun = {
    ...SAMPLE_RUN,
    preset: 'batching',
    scenarios: [
      split('json', 1, 2),
      split('grpc', 1, 4),
      split('json', 100, 50),
      split('grpc', 100, 20),
      split('json', 10, 5),
      split('grpc', 10, 6),
    ],
  };

  it('pivots the splits of one total into a row per variant, fewest calls first, with the many/one ratio', () => {
    expect(batchingGroups(run)).toEqual([
      {
        shape: 'row',
        totalRows: 100,
        names: ['batch-1x100', 'batch-10x10', 'batch-100x1'],
        table: {
          head: ['variant', '1 × 100 ms', '10 × 10 ms', '100 × 1 ms', '100 × 1 / 1 × 100'],
          align: ['left', 'right', 'right', 'right', 'right'],
          rows: [
            ['json', '2.00', '5.00', '50.00', '25.00'],
            ['grpc', '4.00', '6.00', '20.00', '5.00'],
          ],
        },
      },
    ]);
    expect(printMarkdown(run)).toContain('## Many small calls or one large one');
    expect(printTable(run)).toContain('Many small calls or one large one:');
  });

  it('is empty for a run whose scenarios do not split one total', () => {
    expect(batchingGroups(SAMPLE_RUN)).toEqual([]);
  });

  it('is empty for several shapes at one size (--shapes row,binary): one split each, however many shapes', () => {
    const shapes: BenchRun = {
      ...SAMPLE_RUN,
      preset: 'quick',
      scenarios: (['row', 'binary'] as const).flatMap((shape) => [
        split('json', 1, 2, shape),
        split('grpc', 1, 3, shape),
      ]),
    };
    expect(batchingGroups(shapes)).toEqual([]);
    expect(printMarkdown(shapes)).not.toContain('Many small calls');
    expect(printTable(shapes)).not.toContain('Many small calls');
  });

  it('takes each shape on its own: a table per shape that splits its rows, named by its shape', () => {
    const two: BenchRun = {
      ...SAMPLE_RUN,
      preset: 'batching',
      scenarios: (['row', 'binary'] as const).flatMap((shape) =>
        [1, 10].flatMap((n) => [split('json', n, n, shape), split('grpc', n, n * 2, shape)]),
      ),
    };
    const groups = batchingGroups(two);
    expect(groups.map((g) => [g.shape, g.names])).toEqual([
      ['row', ['batch-1x100-row', 'batch-10x10-row']],
      ['binary', ['batch-1x100-binary', 'batch-10x10-binary']],
    ]);
    expect(groups[1].table.head).toEqual(['variant', '1 × 100 ms', '10 × 10 ms', '10 × 10 / 1 × 100']);
    expect(printMarkdown(two)).toContain('### `binary`: 100 rows');
  });

  it('is no comparison when two cases share a split: each column must be its own split', () => {
    const twice: BenchRun = {
      ...run,
      scenarios: [...run.scenarios, { ...split('json', 10, 7), name: 'batch-10x10-again' }],
    };
    expect(batchingGroups(twice)).toEqual([]);
  });
});
