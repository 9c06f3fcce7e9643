import { FORMULA_NAME, SAMPLE_LABEL, SAMPLE_RUN, JSON_PHASES_CELLS } from '@app/explain';
import { parse } from 'csv-parse/sync';
import { SUMMARY_CSV_COLUMNS } from './csv-columns';
import { printSummaryCsv } from './summary-csv.printer';
import { printRunsCsv } from './runs-csv.printer';

describe('printSummaryCsv', () => {
  const text = printSummaryCsv(SAMPLE_RUN);
  const rows: Record<string, string>[] = parse(text, { columns: true });
  const row = (scenario: string, transport: string) =>
    rows.find((r) => r.scenario === scenario && r.transport === transport)!;

  it('writes the header then one row per scenario x transport, CRLF after each', () => {
    expect(text.split('\r\n')[0]).toBe(SUMMARY_CSV_COLUMNS.map((c) => c.name).join(','));
    expect(text.split('\r\n')).toHaveLength(7); // header, 5 rows, empty after the last CRLF
    expect(rows.map((r) => `${r.scenario}/${r.transport}`)).toEqual([
      '1-1/json',
      '1-1/grpc',
      '1-2/json',
      '1-2/grpc',
      `'${FORMULA_NAME}/grpc`,
    ]);
  });

  it('writes a complete result exactly', () => {
    expect(row('1-1', 'json')).toEqual({
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
      net_rtt_ms: '',
      net_mbps: '',
      net_nominal_rtt_ms: '',
      net_nominal_mbps: '',
      net_up_mbps: '',
      net_nominal_up_mbps: '',
      net_flagged: 'false',
      http2_window_bytes: '',
      rows_per_request: '1',
      chunk_rows: '',
      requests: '1',
      concurrency: '1',
      runs: '3',
      invocations: '1',
      between_invocation_share: '',
      too_few_runs: 'true',
      warmup: '1',
      mean_ms: '2.983',
      median_ms: '2.95',
      median_ci_low_ms: '2.9',
      median_ci_high_ms: '3.1',
      median_ci_level: '0.75',
      p90_ms: '3.07',
      p99_ms: '3.097',
      min_ms: '2.9',
      max_ms: '3.1',
      stdev_ms: '0.104',
      cv: '0.034862',
      rows_per_s: '338.983051',
      payload_mb_per_s: '0.040678',
      payload_bytes: '120',
      wire_bytes: '410',
      wire_bytes_in: '300',
      wire_bytes_out: '110',
      client_cpu_ms: '4.5',
      server_cpu_ms: '2.7',
      client_cpu_ms_per_request: '1.5',
      server_cpu_ms_per_request: '0.9',
      client_peak_rss_bytes: '80000000',
      server_peak_rss_bytes: '95500000',
      client_peak_rss_lifetime: 'no',
      server_peak_rss_lifetime: 'no',
      // The fixture is from before the noise meter: not measured, so empty rather than zero.
      disturbed_runs: '',
      disturbed_above: '',
      replaced_disturbed_runs: '',
      max_foreign_cpu_cores: '',
      max_steal_cores: '',
      server_resources_source: 'proc',
      ...JSON_PHASES_CELLS,
      verified: 'true',
      started_at: '2024-05-01T10:00:00.000Z',
      ended_at: '2024-05-01T10:00:10.000Z',
      target: 'json-server at http://127.0.0.1:3001',
      notes: '',
    });
  });

  it('leaves missing wire and resource figures empty and says why', () => {
    expect(row('1-1', 'grpc')).toMatchObject({ wire_bytes: '', wire_bytes_in: '', wire_bytes_out: '', notes: '' });
    expect(row('1-2', 'json')).toMatchObject({
      server_cpu_ms: '',
      server_cpu_ms_per_request: '',
      server_peak_rss_bytes: '',
      server_resources_source: '',
      client_cpu_ms_per_request: '40.083333',
      payload_bytes: '1234567',
      wire_bytes: '1235000',
      notes: expect.stringMatching(/^json-server at .* is on another host/),
    });
    expect(row('1-2', 'grpc')).toMatchObject({
      wire_bytes: '',
      client_peak_rss_bytes: '',
      notes: 'client peak RSS: cannot reset VmHWM; wire pass failed: relay closed early',
    });
  });

  it("writes each result's shape, and row for one written before shapes", () => {
    const [first, second] = SAMPLE_RUN.scenarios;
    const { shape: _, ...older } = first;
    const run = { ...SAMPLE_RUN, scenarios: [{ ...second, shape: 'numeric' as const }, older] };
    const read: Record<string, string>[] = parse(printSummaryCsv(run), { columns: true });
    expect(read.map((r) => r.shape)).toEqual(['numeric', 'row']);
    const runs: Record<string, string>[] = parse(printRunsCsv(run), { columns: true });
    expect([...new Set(runs.map((r) => r.shape))]).toEqual(['numeric', 'row']);
  });

  it('writes an unverified result as false', () => {
    expect(row(`'${FORMULA_NAME}`, 'grpc')).toMatchObject({ verified: 'false', mode: 'parallel', requests: '10' });
  });
});
