import type { BenchRun, NetworkConditions } from '@app/bench';
import { benchRun, EXPLAIN_CASES, FULL_CASES, loadRun } from './fixtures/report-runs';
import { runContext } from './run-context';

const factsOf = (run: Parameters<typeof runContext>[0]) => Object.fromEntries(runContext(run).facts);

const wan: NetworkConditions = {
  profile: 'wan',
  shaping: 'toxiproxy',
  nominalRttMs: 40,
  nominalMbps: 100,
  rttMs: 41,
  mbps: 60,
  flagged: true,
  notes: [],
};

describe('runContext: the report header', () => {
  it('says what was run in rows a person reads, not the options as JSON', () => {
    const run = benchRun({ cases: EXPLAIN_CASES, runs: 5 });
    const context = runContext(run);
    expect(context.facts.map(([k]) => k)).toEqual([
      'run id',
      'label',
      'kind',
      'preset',
      'cases',
      'variants',
      'measured runs',
      'warm-up runs',
      'network profiles',
      'results',
      'hosts',
      'date (UTC)',
      'ended',
      'machine',
      'versions',
      'commit',
    ]);
    const facts = Object.fromEntries(context.facts);
    expect(facts).toMatchObject({
      'run id': run.id,
      label: 'laptop <b>"quiet"</b> & calm',
      kind: 'bench',
      preset: 'full',
      cases: '2: 1-2 (one request of 10,000 rows), 1-3 (one request of 1,000,000 rows)',
      variants: 'json, grpc',
      'measured runs': '5 per case and variant',
      'warm-up runs': '1 per case and variant',
      'network profiles': 'none: loopback, as the servers are',
      results: '4 (case × variant), 4 verified',
      hosts: 'local; client http://127.0.0.1:3000, json http://127.0.0.1:3001, grpc 127.0.0.1:50051',
      'date (UTC)': `${run.startedAt} to ${run.endedAt}`,
      ended: 'completed',
    });
    expect(context.facts.map(([, v]) => v).join('\n')).not.toContain('{');
    // The raw options stay available, apart from the table.
    expect(JSON.parse(context.options)).toEqual(run.options);
  });

  it('names the cases that ran a different number of runs, and the network profiles with a flagged path', () => {
    const run = benchRun({ cases: FULL_CASES.slice(0, 3), runs: 5 });
    const fewer: BenchRun = {
      ...run,
      scenarios: run.scenarios.map((r) =>
        r.name === '1-3'
          ? { ...r, stats: { ...r.stats, n: 2 }, warmup: 0, network: wan }
          : { ...r, network: { ...wan, profile: 'loopback', flagged: false } },
      ),
    };
    const facts = factsOf(fewer);
    expect(facts['measured runs']).toBe('5 per case and variant; 2 for 1-3');
    expect(facts['warm-up runs']).toBe('1 per case and variant; 0 for 1-3');
    expect(facts['network profiles']).toBe('loopback, wan (path off its profile by more than 20%: wan)');
    expect(facts.results).toBe('6 (case × variant × profile), 6 verified');
  });

  it("shows invocations when the run has them (the option, or the runs' invocation numbers), and not otherwise", () => {
    const run = benchRun({ cases: EXPLAIN_CASES, runs: 4 });
    expect(factsOf(run).invocations).toBeUndefined();
    expect(factsOf({ ...run, options: { ...run.options, invocations: 3 } }).invocations).toBe(
      '3 (fresh server and client processes each)',
    );
    const numbered: BenchRun = {
      ...run,
      scenarios: run.scenarios.map((r) => ({ ...r, runs: r.runs.map((s, i) => ({ ...s, invocation: 1 + (i % 2) })) })),
    };
    expect(factsOf(numbered).invocations).toBe('2 (fresh server and client processes each)');
  });

  it("names the binary shape's blob size when a result measured another than the default, and not otherwise", () => {
    const run = benchRun({ cases: EXPLAIN_CASES, runs: 4 });
    expect(factsOf(run)['blob size']).toBeUndefined();
    const binary: BenchRun = {
      ...run,
      scenarios: run.scenarios.map((r) => ({ ...r, shape: 'binary', blobBytes: 1024 })),
    };
    expect(factsOf(binary)['blob size']).toBe(
      'shape binary carries a blob of 1024 bytes per row (BINARY_BLOB_BYTES, --blob-bytes; default 4096)',
    );
  });

  it('names the second host of a netns run and a run not measured yet', () => {
    const run = benchRun({
      cases: EXPLAIN_CASES,
      options: {
        hosts: 'netns',
        hostsDescription: 'servers in netns wb-1, veth MTU 1500',
        transports: ['json', 'grpc-window'],
      },
    });
    expect(factsOf(run).hosts).toMatch(/^netns \(servers in netns wb-1, veth MTU 1500\); client /);
    const empty = factsOf({ ...run, scenarios: [], endReason: 'running', endedAt: null });
    expect(empty).toMatchObject({
      cases: '(none measured yet)',
      variants: 'json, grpc-window',
      'measured runs': '(none measured yet)',
      'date (UTC)': `${run.startedAt} to not ended`,
    });
  });

  it("names, before any result, the variants every case planned (the runtimes preset's large case has its own)", () => {
    const scenarios = [
      { name: '1-1', variants: ['json', 'grpc'] },
      { name: 'rows-100000', variants: ['json', 'grpc', 'json-undici'] },
    ];
    const run = benchRun({ cases: EXPLAIN_CASES, options: { transports: ['json', 'grpc'], scenarios } });
    expect(factsOf({ ...run, scenarios: [] }).variants).toBe('json, grpc, json-undici');
  });

  it('describes a load run by its levels and transports', () => {
    const facts = factsOf(loadRun());
    expect(facts).toMatchObject({
      kind: 'load',
      levels: '6 at concurrency 1, 10, 100',
      transports: 'json (nest), grpc (nest)',
      hosts: 'local; json http://127.0.0.1:3001, grpc 127.0.0.1:50051',
    });
    expect(facts.preset).toBeUndefined();
  });
});
