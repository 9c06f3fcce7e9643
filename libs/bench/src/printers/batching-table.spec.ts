import type { BenchRun } from '../result/bench-run.interface';
import { SAMPLE_RUN, sampleResult, samples } from './fixtures/sample-run';
import { batchingTable } from './batching-table';
import { printMarkdown } from './markdown.printer';

const base = { rowsReceived: 100, payloadBytes: 1, verified: true, clientCpuMs: null, serverCpuMs: null, clientPeakRssBytes: null, serverPeakRssBytes: null };
const split = (transport: 'json' | 'grpc', requests: number, ms: number) => {
  const r = sampleResult({ name: `batch-${requests}x${100 / requests}`, transport, rowsPerRequest: 100 / requests, requests, mode: requests > 1 ? 'parallel' : 'single', runs: samples([ms], base) });
  return { ...r, stats: { ...r.stats, medianMs: ms } };
};

describe('batchingTable', () => {
  const run: BenchRun = { ...SAMPLE_RUN, preset: 'batching', scenarios: [split('json', 1, 2), split('grpc', 1, 4), split('json', 100, 50), split('grpc', 100, 20), split('json', 10, 5), split('grpc', 10, 6)] };

  it('pivots the splits of one total into a row per variant, fewest calls first, with the many/one ratio', () => {
    expect(batchingTable(run)).toEqual({
      head: ['variant', '1 × 100 ms', '10 × 10 ms', '100 × 1 ms', '100 × 1 / 1 × 100'],
      align: ['left', 'right', 'right', 'right', 'right'],
      rows: [
        ['json', '2.00', '5.00', '50.00', '25.00'],
        ['grpc', '4.00', '6.00', '20.00', '5.00'],
      ],
    });
    expect(printMarkdown(run)).toContain('## Many small calls or one large one');
  });

  it('is null for a run whose scenarios do not split one total', () => {
    expect(batchingTable(SAMPLE_RUN)).toBeNull();
  });
});
