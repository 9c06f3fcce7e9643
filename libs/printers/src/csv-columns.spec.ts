import { SAMPLE_RUN } from '@app/explain';
import { describeColumns, RUNS_CSV_COLUMNS, SUMMARY_CSV_COLUMNS } from './csv-columns';

describe('CSV columns', () => {
  it.each([
    ['runs', RUNS_CSV_COLUMNS.map((c) => c.name)],
    ['summary', SUMMARY_CSV_COLUMNS.map((c) => c.name)],
  ])('%s.csv has unique snake_case names', (_, names) => {
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it("carries the SHA-256 of the user message's proto and sample, empty for the built-in shapes", () => {
    const result = SAMPLE_RUN.scenarios[0];
    const source = {
      protoFile: '/p/order.proto',
      message: 'shop.v1.Order',
      sampleFile: '/p/s.json',
      counterField: 'order_number',
      protoSha256: 'a'.repeat(64),
      sampleSha256: 'b'.repeat(64),
    };
    const cell = (name: string, r: typeof result) =>
      SUMMARY_CSV_COLUMNS.find((c) => c.name === name)!.value({ run: SAMPLE_RUN, result: r });
    expect([
      cell('proto_sha256', { ...result, shape: 'user', shapeSource: source }),
      cell('sample_sha256', { ...result, shape: 'user', shapeSource: source }),
    ]).toEqual(['a'.repeat(64), 'b'.repeat(64)]);
    expect([cell('proto_sha256', result), cell('sample_sha256', result)]).toEqual([null, null]);
  });

  it("carries the binary shape's blob size, empty for the other shapes", () => {
    const result = SAMPLE_RUN.scenarios[0];
    const cell = (r: typeof result) =>
      SUMMARY_CSV_COLUMNS.find((c) => c.name === 'blob_bytes')!.value({ run: SAMPLE_RUN, result: r });
    expect([cell({ ...result, shape: 'binary', blobBytes: 1024 }), cell(result)]).toEqual([1024, null]);
  });

  it('lists the runs.csv columns in the documented order', () => {
    expect(RUNS_CSV_COLUMNS.map((c) => c.name)).toEqual([
      'run_id',
      'label',
      'scenario',
      'transport',
      'variant',
      'shape',
      'proto_sha256',
      'sample_sha256',
      'blob_bytes',
      'network',
      'runtime',
      'node_version',
      'v8_version',
      'server_node_version',
      'server_v8_version',
      'mode',
      'rows_per_request',
      'chunk_rows',
      'requests',
      'concurrency',
      'invocation',
      'invocations',
      'run',
      'started_at',
      'ms',
      'rows_received',
      'payload_bytes',
      'client_cpu_ms',
      'server_cpu_ms',
      'client_peak_rss_bytes',
      'server_peak_rss_bytes',
      'client_peak_rss_lifetime',
      'server_peak_rss_lifetime',
      'foreign_cpu_cores',
      'steal_cores',
      'disturbed',
      'replaced_disturbed',
      'request_ms',
      'server_generate_ms',
      'server_serialize_ms',
      'server_compress_ms',
      'server_send_ms',
      'ttfb_ms',
      'ttlb_ms',
      'transfer_ms',
      'client_decompress_ms',
      'client_decode_ms',
      'wait_other_ms',
      'client_other_ms',
      'server_serialize_us_per_row',
      'client_decode_us_per_row',
      'verified',
      'target',
      'phase_notes',
    ]);
  });

  it('lists the summary.csv columns in the documented order', () => {
    expect(SUMMARY_CSV_COLUMNS.map((c) => c.name)).toEqual([
      'run_id',
      'label',
      'scenario',
      'transport',
      'variant',
      'shape',
      'proto_sha256',
      'sample_sha256',
      'blob_bytes',
      'network',
      'runtime',
      'node_version',
      'v8_version',
      'server_node_version',
      'server_v8_version',
      'mode',
      'rows_per_request',
      'chunk_rows',
      'requests',
      'concurrency',
      'runs',
      'invocations',
      'between_invocation_share',
      'too_few_runs',
      'warmup',
      'mean_ms',
      'median_ms',
      'median_ci_low_ms',
      'median_ci_high_ms',
      'median_ci_level',
      'p90_ms',
      'p99_ms',
      'min_ms',
      'max_ms',
      'stdev_ms',
      'cv',
      'rows_per_s',
      'payload_mb_per_s',
      'payload_bytes',
      'wire_bytes',
      'wire_bytes_in',
      'wire_bytes_out',
      'client_cpu_ms',
      'server_cpu_ms',
      'client_cpu_ms_per_request',
      'server_cpu_ms_per_request',
      'client_peak_rss_bytes',
      'server_peak_rss_bytes',
      'client_peak_rss_lifetime',
      'server_peak_rss_lifetime',
      'disturbed_runs',
      'disturbed_above',
      'replaced_disturbed_runs',
      'max_foreign_cpu_cores',
      'max_steal_cores',
      'server_resources_source',
      'request_ms',
      'server_generate_ms',
      'server_serialize_ms',
      'server_compress_ms',
      'server_send_ms',
      'ttfb_ms',
      'ttlb_ms',
      'transfer_ms',
      'client_decompress_ms',
      'client_decode_ms',
      'wait_other_ms',
      'client_other_ms',
      'server_serialize_us_per_row',
      'client_decode_us_per_row',
      'net_rtt_ms',
      'net_mbps',
      'net_nominal_rtt_ms',
      'net_nominal_mbps',
      'net_up_mbps',
      'net_nominal_up_mbps',
      'http2_window_bytes',
      'net_flagged',
      'verified',
      'started_at',
      'ended_at',
      'target',
      'notes',
    ]);
  });

  it('describes every column in one sentence with a unit', () => {
    for (const c of [...RUNS_CSV_COLUMNS, ...SUMMARY_CSV_COLUMNS]) {
      expect(c.unit).not.toBe('');
      expect(c.description).toMatch(/^[A-Za-z0-9].*\.$/);
      expect(c.description).not.toMatch(/\n/);
    }
  });

  it('joins resource notes and the wire note', () => {
    const notes = SUMMARY_CSV_COLUMNS.find((c) => c.name === 'notes')!;
    const grpc12 = SAMPLE_RUN.scenarios[3];
    expect(notes.value({ run: SAMPLE_RUN, result: grpc12 })).toBe(
      'client peak RSS: cannot reset VmHWM; wire pass failed: relay closed early',
    );
    expect(notes.value({ run: SAMPLE_RUN, result: SAMPLE_RUN.scenarios[0] })).toBe('');
  });

  it('documents the columns as a markdown table for docs/results.md', () => {
    const text = describeColumns(RUNS_CSV_COLUMNS);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('| column | unit | meaning |');
    expect(lines).toHaveLength(RUNS_CSV_COLUMNS.length + 2);
    expect(lines).toContain('| `ms` | ms | Wall time from issuing the first request to decoding the last response. |');
  });
});
