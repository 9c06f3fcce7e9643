import { FORMULA_NAME, SAMPLE_LABEL, SAMPLE_RUN, JSON_PHASES_CELLS } from '@app/explain';
import { judgeNoise } from '@app/bench';
import { parse } from 'csv-parse/sync';
import { RUNS_CSV_COLUMNS } from './csv-columns';
import { printRunsCsv } from './runs-csv.printer';
import { printSummaryCsv } from './summary-csv.printer';

const records = (text: string): Record<string, string>[] => parse(text, { columns: true });

describe('printRunsCsv', () => {
  const text = printRunsCsv(SAMPLE_RUN);
  const rows = records(text);

  it('writes the header then one row per measured run, CRLF after each', () => {
    expect(text.split('\r\n')[0]).toBe(RUNS_CSV_COLUMNS.map((c) => c.name).join(','));
    expect(rows).toHaveLength(15);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('writes the figures of one run exactly', () => {
    expect(rows[1]).toEqual({
      run_id: '2024-05-01T10-00-00Z-article',
      label: SAMPLE_LABEL,
      scenario: '1-1',
      transport: 'json',
      variant: 'json',
      shape: 'row',
      proto_sha256: '',
      sample_sha256: '',
      blob_bytes: '',
      mode: 'single',
      network: 'loopback',
      runtime: '',
      node_version: '',
      v8_version: '',
      server_node_version: '',
      server_v8_version: '',
      rows_per_request: '1',
      chunk_rows: '',
      requests: '1',
      concurrency: '1',
      invocation: '1',
      invocations: '1',
      run: '2',
      started_at: '2024-05-01T10:00:01.000Z',
      ms: '2.9',
      rows_received: '1',
      payload_bytes: '120',
      client_cpu_ms: '1.5',
      server_cpu_ms: '0.9',
      client_peak_rss_bytes: '80000000',
      server_peak_rss_bytes: '95500000',
      client_peak_rss_lifetime: 'no',
      server_peak_rss_lifetime: 'no',
      // The fixture is from before the noise meter: not measured, so empty rather than zero.
      foreign_cpu_cores: '',
      steal_cores: '',
      disturbed: '',
      replaced_disturbed: '',
      ...JSON_PHASES_CELLS,
      verified: 'true',
      target: 'json-server at http://127.0.0.1:3001',
      phase_notes: '',
    });
  });

  it('leaves unmeasured figures empty and keeps large numbers ungrouped', () => {
    const json12 = rows.filter((r) => r.scenario === '1-2' && r.transport === 'json');
    expect(json12.map((r) => r.ms)).toEqual(['48.5', '47', '47.9']);
    expect(json12[0].payload_bytes).toBe('1234567');
    expect(json12[0].server_cpu_ms).toBe('');
    expect(json12[0].server_peak_rss_bytes).toBe('');
  });

  it("writes each run's foreign CPU and steal in cores and whether it was disturbed", () => {
    const judged = {
      ...SAMPLE_RUN,
      scenarios: SAMPLE_RUN.scenarios.map((r) =>
        judgeNoise({
          ...r,
          runs: r.runs.map((s, i) => ({ ...s, foreignCpuCores: i === 0 ? 0.6 : 0.05, stealCores: 0.01 })),
        }),
      ),
    };
    const [first, second] = records(printRunsCsv(judged));
    expect(first).toMatchObject({ foreign_cpu_cores: '0.6', steal_cores: '0.01', disturbed: 'yes' });
    expect(second).toMatchObject({ foreign_cpu_cores: '0.05', steal_cores: '0.01', disturbed: 'no' });
    expect([first.replaced_disturbed, second.replaced_disturbed]).toEqual(['0', '0']);
  });

  it('says how many disturbed measurements each run replaced (--quiet); summary.csv counts them per scenario', () => {
    const [r] = SAMPLE_RUN.scenarios;
    const replacedRuns = [{ ...r.runs[1], foreignCpuCores: 1.2, stealCores: 0, disturbed: true }];
    const runs = r.runs.map((s, i) => ({
      ...s,
      foreignCpuCores: 0.05,
      stealCores: 0,
      replacedDisturbed: i === 1 ? 1 : 0,
    }));
    const judged = { ...SAMPLE_RUN, scenarios: [judgeNoise({ ...r, runs, replacedRuns })] };
    expect(records(printRunsCsv(judged)).map((row) => row.replaced_disturbed)).toEqual(['0', '1', '0']);
    const [summary] = parse(printSummaryCsv(judged), { columns: true }) as Record<string, string>[];
    expect(summary).toMatchObject({ runs: '3', disturbed_runs: '0', replaced_disturbed_runs: '1' });
  });

  it('quotes the label in the raw text and defuses a formula-like scenario name', () => {
    expect(text).toContain('"laptop, ""quiet"" run"');
    const formulaRows = rows.filter((r) => r.transport === 'grpc' && r.mode === 'parallel');
    expect(formulaRows.map((r) => r.scenario)).toEqual([`'${FORMULA_NAME}`, `'${FORMULA_NAME}`, `'${FORMULA_NAME}`]);
    expect(formulaRows.map((r) => r.verified)).toEqual(['true', 'true', 'false']);
  });

  it('writes rows only, for appending, when asked without a header', () => {
    const body = printRunsCsv(SAMPLE_RUN, { header: false });
    expect(text).toBe(text.split('\r\n')[0] + '\r\n' + body);
    expect(parse(body)).toHaveLength(15);
  });
});
