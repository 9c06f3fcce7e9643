import { loadRun } from './fixtures/report-runs';
import { loadLines } from './load-lines';

describe('loadLines per shape', () => {
  it('draws a line per shape, named by it for all but row; levels saved before shapes join the row\'s line', () => {
    const base = loadRun();
    // The fixture's levels have no shape (a run saved before shapes); the same levels again as numeric.
    const run = { ...base, levels: [...base.levels, ...base.levels.map((l) => ({ ...l, shape: 'numeric' as const }))] };
    const lines = loadLines([run], [{ run, runIndex: 0 }]);
    expect(lines.map((l) => `${l.label}: ${l.levels.length}`)).toEqual(['json: 3', 'grpc: 3', 'json numeric: 3', 'grpc numeric: 3']);
  });

  it('draws a line per runtime of npm run load --node, named by it, never one line across two runtimes', () => {
    const base = loadRun();
    const on = (label: string) => base.levels.map((l) => ({ ...l, runtime: { generator: null, server: null, label } }));
    const run = { ...base, levels: [...on('node22.23.3'), ...on('node24.21.0')] };
    const lines = loadLines([run], [{ run, runIndex: 0 }]);
    expect(lines.map((l) => `${l.label}: ${l.levels.length}`)).toEqual(['json on node22.23.3: 3', 'grpc on node22.23.3: 3', 'json on node24.21.0: 3', 'grpc on node24.21.0: 3']);
  });
});
