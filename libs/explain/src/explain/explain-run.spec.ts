import { printMarkdown, printTable } from '@app/printers';
import { SAMPLE_RUN, sampleResult, samples } from '../fixtures/sample-run';
import type { PhaseBreakdown } from '@app/bench';
import type { BenchRun } from '@app/bench';
import type { VariantName } from '@app/bench';
import { explainRun } from './explain-run';
import { judgeNoise } from '@app/bench';

const base = {
  rowsReceived: 1_000_000,
  payloadBytes: 1,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
};

// Phases whose stack adds up to `request`, with the given server serialize and client decode.
function phases(request: number, serialize: number, decode: number): PhaseBreakdown {
  const generate = 100;
  const wait = 50;
  const transfer = 200;
  const other = request - generate - serialize - wait - transfer - decode;
  return {
    requestMs: request,
    serverGenerateMs: generate,
    serverSerializeMs: serialize,
    serverCompressMs: null,
    serverSendMs: null,
    ttfbMs: generate + serialize + wait,
    ttlbMs: generate + serialize + wait + transfer,
    transferMs: transfer,
    clientDecompressMs: null,
    clientDecodeMs: decode,
    waitOtherMs: wait,
    clientOtherMs: other,
    notes: [],
  };
}

// Each run's one request lives the same serialize and decode; the rest of its time is client plumbing.
function result(variant: VariantName, ms: number[], p: PhaseBreakdown) {
  const sorted = [...ms].sort((a, b) => a - b);
  const runs = samples(ms, base).map((run) => ({
    ...run,
    phases: phases(run.ms, p.serverSerializeMs!, p.clientDecodeMs!),
  }));
  const r = sampleResult({
    name: '1-3',
    transport: variant.startsWith('grpc') ? 'grpc' : 'json',
    variant,
    rowsPerRequest: 1_000_000,
    runs,
    phases: p,
  });
  return { ...r, stats: { ...r.stats, medianMs: sorted[Math.floor(ms.length / 2)] } };
}

// gRPC 2x JSON, 80% of the extra in serialization; grpc-bare saves most of it in decode (a made-up but checkable case).
const RUN: BenchRun = {
  ...SAMPLE_RUN,
  preset: 'explain',
  scenarios: [
    result('json', [5000, 5100, 4900, 5050, 4950], phases(5000, 1000, 1500)),
    result('grpc', [10000, 10100, 9900, 10050, 9950], phases(10000, 5000, 2500)),
    result('grpc-bare', [7000, 7100, 6900, 7050, 6950], phases(7000, 5000, 500)),
    result('json-undici', [5000, 5200, 4800, 4900, 5100], phases(5000, 1000, 1500)),
  ],
};

describe('explainRun', () => {
  const explanation = explainRun(RUN);
  const [c] = explanation.cases;

  it('splits the gap between the medians by part of the median runs, largest first, adding up to it exactly', () => {
    expect(c.grpcVsJson).toMatchObject({ variant: 'grpc', against: 'json', medianRatio: 2, distinguishable: true });
    expect(c.gap!.totalMs).toBe(5000);
    expect(c.gap!.deltas.slice(0, 2)).toEqual([
      { part: 'serialize', deltaMs: 4000 },
      { part: 'decode', deltaMs: 1000 },
    ]);
    expect(c.gap!.deltas.reduce((sum, d) => sum + d.deltaMs, 0)).toBeCloseTo(c.gap!.totalMs, 6);
  });

  it('sets each variant against its own baseline, with a bootstrap interval', () => {
    expect(c.factors.map((f) => [f.variant, f.against, f.factor, f.distinguishable])).toEqual([
      ['grpc-bare', 'grpc', 'client library', true],
      ['json-undici', 'json', 'client library', false],
    ]);
    expect(c.factors[0].medianRatio).toBe(0.7);
    expect(c.factors[0].ratioCi!.high).toBeLessThan(1);
    expect(c.variants.map((v) => v.variant)).toEqual(['json', 'grpc', 'grpc-bare', 'json-undici']);
  });

  it('says it in sentences made of these numbers', () => {
    const text = explanation.sentences.join('\n');
    expect(text).toMatch(
      /^For one request of 1,000,000 rows, gRPC took 2\.00× JSON's time \(95% CI [\d.]+–[\d.]+\): JSON is faster\.$/m,
    );
    expect(text).toContain(
      "gRPC's median request took 5,000 ms longer; of that, 80% is server-side serialization (+4,000 ms), 20% " +
        'is client-side decoding (+1,000 ms).',
    );
    expect(text).toMatch(
      new RegExp(
        String.raw`grpc-bare \(client library: .*\) took 0\.70× the time of grpc \(95% CI ` +
          String.raw`[\d.]+–[\d.]+\), mostly client-side decoding \(−2,000 ms\): grpc-bare is faster\.`,
      ),
    );
    expect(text).toContain(
      'For one request of 1,000,000 rows, json-undici (client library) against their baselines: the runs ' +
        'cannot tell them apart.',
    );
    expect(text).toContain(
      "The fastest gRPC-family variant for one request of 1,000,000 rows, grpc-bare, took 1.40× json's median time.",
    );
  });

  it(
    "says a slower variant that takes away gRPC's largest extra part adds more elsewhere, never that it only " +
      'removes it',
    () => {
      // grpc-es-like: half of the extra serialization gone, far more decoding: slower than grpc on the whole.
      const slower = explainRun({
        ...RUN,
        scenarios: [
          RUN.scenarios[0],
          RUN.scenarios[1],
          result('grpc-es', [12000, 12100, 11900, 12050, 11950], phases(12000, 3000, 6500)),
        ],
      });
      const text = slower.sentences.join('\n');
      expect(text).toMatch(/grpc-es \(serializer: .*\) took 1\.20× the time of grpc .*: grpc is faster\./);
      expect(text).toContain(
        "It removes 50% of gRPC's extra server-side serialization against JSON in this case, but its other parts " +
          'add more: net +2,000 ms against grpc.',
      );
      expect(text).not.toMatch(/^That removes/m);
    },
  );

  it('ends the case verdict with how many of its runs other processes disturbed, and by how much', () => {
    const withNoise = (foreign: number[]) => (r: BenchRun['scenarios'][number]) =>
      judgeNoise({ ...r, runs: r.runs.map((s, i) => ({ ...s, foreignCpuCores: foreign[i], stealCores: 0 })) });
    const noisy = explainRun({
      ...RUN,
      scenarios: [withNoise([0.6, 0, 0.3, 0, 0])(RUN.scenarios[0]), withNoise([0, 0, 0, 0, 0.1])(RUN.scenarios[1])],
    });
    expect(noisy.sentences[0]).toMatch(
      new RegExp(
        String.raw`^For one request of 1,000,000 rows, gRPC took 2\.00× JSON's time \(95% CI [^)]*\): ` +
          String.raw`JSON is faster; 2 of 10 runs disturbed, up to 0\.6 of a core beside them\.$`,
      ),
    );
    const quiet = explainRun({
      ...RUN,
      scenarios: [withNoise([0.05, 0, 0, 0, 0])(RUN.scenarios[0]), withNoise([0, 0, 0, 0, 0])(RUN.scenarios[1])],
    });
    expect(quiet.sentences[0]).toMatch(/; machine quiet: foreign CPU ≤ 0\.05 of a core\.$/);
    const none = explainRun({
      ...RUN,
      scenarios: [withNoise([0, 0, 0, 0, 0])(RUN.scenarios[0]), withNoise([0, 0, 0, 0, 0])(RUN.scenarios[1])],
    });
    expect(none.sentences[0]).toMatch(/; machine quiet: no foreign CPU\.$/);
    // Not measured (another OS, an older file): no clause at all, rather than a quiet machine.
    expect(explanation.sentences[0]).not.toMatch(/disturbed|quiet/);
  });

  it('says "no verdict" in a case where json and grpc did not both run, then how quiet the machine was', () => {
    const withNoise = (r: BenchRun['scenarios'][number]) =>
      judgeNoise({ ...r, runs: r.runs.map((s) => ({ ...s, foreignCpuCores: 0.02, stealCores: 0 })) });
    const others = explainRun({ ...RUN, scenarios: [withNoise(RUN.scenarios[2]), withNoise(RUN.scenarios[3])] });
    expect(others.sentences[0]).toBe(
      'For one request of 1,000,000 rows: no verdict (json and grpc did not both run); machine quiet: foreign ' +
        'CPU ≤ 0.02 of a core.',
    );
  });

  it('counts only the kept runs, and says how many disturbed ones --quiet measured again and replaced', () => {
    const replacing = (foreign: number[], replaced: number) => (r: BenchRun['scenarios'][number]) =>
      judgeNoise({
        ...r,
        runs: r.runs.map((s, i) => ({ ...s, foreignCpuCores: foreign[i], stealCores: 0 })),
        replacedRuns: r.runs.slice(0, replaced).map((s) => ({ ...s, foreignCpuCores: 1.5, disturbed: true })),
      });
    const quiet = explainRun({
      ...RUN,
      scenarios: [replacing([0.05, 0, 0, 0, 0], 2)(RUN.scenarios[0]), replacing([0, 0, 0, 0, 0], 1)(RUN.scenarios[1])],
    });
    expect(quiet.sentences[0]).toMatch(
      /; machine quiet: foreign CPU ≤ 0\.05 of a core, after 3 disturbed runs were measured again and replaced\.$/,
    );
    const still = explainRun({
      ...RUN,
      scenarios: [replacing([0.6, 0, 0, 0, 0], 1)(RUN.scenarios[0]), replacing([0, 0, 0, 0, 0], 0)(RUN.scenarios[1])],
    });
    expect(still.sentences[0]).toMatch(
      new RegExp(
        String.raw`; 1 of 10 runs disturbed, up to 0\.6 of a core beside them, after 1 disturbed run ` +
          String.raw`was measured again and replaced\.$`,
      ),
    );
  });

  it('gives a gap as the net of the parts in ms, never as shares, when parts moved both ways', () => {
    // gRPC 400 ms more in serialization but 300 ms less in decoding: a 100 ms gap of which serialization would be
    // "400%".
    const offset: BenchRun = {
      ...RUN,
      scenarios: [
        result('json', [5000, 5100, 4900, 5050, 4950], phases(5000, 1000, 1500)),
        result('grpc', [5100, 5200, 5000, 5150, 5050], phases(5100, 1400, 1200)),
      ],
    };
    const text = explainRun(offset).sentences.join('\n');
    expect(text).toMatch(
      new RegExp(
        String.raw`^gRPC's median request took 100 ms longer(, a difference the runs cannot tell from ` +
          String.raw`noise)?: the net of server-side serialization \+400 ms, client-side decoding −300 ms\.$`,
        'm',
      ),
    );
    expect(text).not.toMatch(/% is/);
  });

  it('ends summary.md with the why tables and the sentences, and prints them in the terminal table', () => {
    const md = printMarkdown(RUN);
    expect(md).toContain('## Why');
    expect(md).toContain('| 1-3 | one request of 1,000,000 rows | grpc vs json | transport (all five) | 2.00 |');
    expect(md.trimEnd().split('\n').pop()).toMatch(/^- The fastest gRPC-family variant/);
    expect(printTable(RUN)).toContain('Why:');
  });

  it('draws no verdict from 2 runs a side, however far apart: the interval is shown and the words say why', () => {
    const two = {
      ...RUN,
      scenarios: RUN.scenarios.map((r) => ({ ...r, runs: r.runs.slice(0, 2), stats: { ...r.stats, n: 2 } })),
    };
    const e = explainRun(two);
    const [c2] = e.cases;
    expect(c2.grpcVsJson).toMatchObject({ faster: null, distinguishable: false, tooFewRuns: true, runsPerSide: 2 });
    expect(c2.grpcVsJson!.ratioCi).not.toBeNull();
    const text = e.sentences.join('\n');
    expect(text).toMatch(
      new RegExp(
        String.raw`^For one request of 1,000,000 rows, gRPC took 2\.00× JSON's time \(95% CI ` +
          String.raw`[\d.]+–[\d.]+\): no verdict \(2 runs a side cannot tell these apart; use --runs 5 or ` +
          String.raw`more\)\.$`,
        'm',
      ),
    );
    expect(text).toContain(
      'For one request of 1,000,000 rows, grpc-bare (client library), json-undici (client library) against ' +
        'their baselines: no verdict (2 runs a side cannot tell these apart; use --runs 5 or more).',
    );
    expect(text).not.toMatch(/took 0\.70× the time of grpc/);
    expect(text).toContain(
      'The gRPC-family variant with the lowest median for one request of 1,000,000 rows, grpc-bare, took 1.40× ' +
        "json's median time; 2 runs a side cannot tell these apart; use --runs 5 or more.",
    );
    expect(printMarkdown(two)).toMatch(
      /\| grpc vs json \| transport \(all five\) \| 2\.00 \| [\d.]+–[\d.]+ \| too few runs \|/,
    );
  });

  it('has nothing to explain for a run of the two baselines without phases', () => {
    expect(printMarkdown(SAMPLE_RUN)).not.toContain('## Why');
  });
});
