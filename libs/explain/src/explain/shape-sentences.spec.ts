import { printMarkdown } from '@app/printers';
import { SAMPLE_RUN, sampleResult, samples } from '../fixtures/sample-run';
import type { PhaseBreakdown } from '@app/bench';
import type { BenchRun } from '@app/bench';
import type { VariantName } from '@app/bench';
import type { ShapeName } from '@app/shapes';
import { explainRun } from './explain-run';

const base = {
  rowsReceived: 1000,
  payloadBytes: 1,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
};

// Phases whose stack adds up to `request`, with the given server serialize and client decode.
function phases(request: number, serialize: number, decode: number): PhaseBreakdown {
  const generate = 10;
  const wait = 5;
  const transfer = 20;
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

/** Five runs around `ms` (±1%), so five runs a side with well separated medians are told apart. */
const around = (ms: number) => [ms, ms * 1.01, ms * 0.99, ms * 1.005, ms * 0.995];

function result(shape: ShapeName, variant: VariantName, ms: number[], p: PhaseBreakdown | null) {
  const sorted = [...ms].sort((a, b) => a - b);
  // Each run's one request lives the same serialize and decode; the rest of its time is client plumbing.
  const runs = samples(ms, base).map((run) => ({
    ...run,
    phases: p && phases(run.ms, p.serverSerializeMs!, p.clientDecodeMs!),
  }));
  const r = sampleResult({
    name: `rows-1000-${shape}`,
    shape,
    transport: variant.startsWith('grpc') ? 'grpc' : 'json',
    variant,
    rowsPerRequest: 1000,
    runs,
    phases: p,
  });
  return { ...r, stats: { ...r.stats, medianMs: sorted[Math.floor(ms.length / 2)] } };
}

// numeric: gRPC wins (0.60×, less serialization); text: JSON wins (1.50×); nested: runs that overlap.
export const SHAPE_RUN: BenchRun = {
  ...SAMPLE_RUN,
  preset: 'shapes',
  scenarios: [
    result('numeric', 'json', around(100), phases(100, 40, 20)),
    result('numeric', 'grpc', around(60), phases(60, 10, 10)),
    result('text', 'json', around(100), phases(100, 20, 20)),
    result('text', 'grpc', around(150), phases(150, 60, 30)),
    result('nested', 'json', [100, 120, 80, 110, 90], phases(100, 30, 20)),
    result('nested', 'grpc', [102, 85, 125, 95, 115], phases(102, 32, 20)),
  ],
};

describe('per-shape sentences', () => {
  const sentences = explainRun(SHAPE_RUN).sentences;

  it('names the shape, the faster transport and the ratio with its interval where the runs tell them apart', () => {
    expect(sentences).toContainEqual(
      expect.stringMatching(
        new RegExp(
          String.raw`^For \x60numeric\x60 rows \(one request of 1,000 rows\), gRPC took 0\.60× JSON's ` +
            String.raw`time \(95% CI 0\.\d\d–0\.\d\d\): gRPC is faster\.$`,
        ),
      ),
    );
    expect(sentences).toContainEqual(
      expect.stringMatching(
        new RegExp(
          String.raw`^For \x60text\x60 rows \(one request of 1,000 rows\), gRPC took 1\.50× JSON's ` +
            String.raw`time \(95% CI 1\.\d\d–1\.\d\d\): JSON is faster\.$`,
        ),
      ),
    );
  });

  it('says the runs cannot tell them apart where the interval holds 1', () => {
    expect(sentences).toContainEqual(
      expect.stringMatching(
        new RegExp(
          String.raw`^For \x60nested\x60 rows \(one request of 1,000 rows\), gRPC took 1\.\d\d× ` +
            String.raw`JSON's time \(95% CI 0\.\d\d–1\.\d\d\): the runs cannot tell them apart\.$`,
        ),
      ),
    );
  });

  it('says why by phase', () => {
    // numeric: JSON spent 40 ms more, 30 of them serializing.
    expect(sentences).toContain(
      "JSON's median request took 40.0 ms longer; of that, 75% is server-side serialization (+30.0 ms), 25% is " +
        'client-side decoding (+10.0 ms).',
    );
  });

  it('gives summary.md a "By shape" section of those lines, and leaves a run of one row-shaped case without it', () => {
    const md = printMarkdown(SHAPE_RUN);
    const section = md.slice(md.indexOf('## By shape'), md.indexOf('## Results'));
    expect(section).toMatch(
      new RegExp(
        String.raw`- For \x60numeric\x60 rows \(one request of 1,000 rows\), gRPC took 0\.60× JSON's ` +
          String.raw`time \(95% CI [\d.–]+\): gRPC is faster\.`,
      ),
    );
    expect(section).toContain('JSON is faster.');
    expect(section).toContain('the runs cannot tell them apart.');
    // The why by phase only where a side is named: numeric's gap is there, nested's (not told apart) is not.
    expect(section).toContain("JSON's median request took 40.0 ms longer");
    expect(section.split('\n').filter((l) => /^- (JSON|gRPC)'s median request/.test(l))).toHaveLength(2);
    expect(printMarkdown(SAMPLE_RUN)).not.toContain('## By shape');
  });

  it('names the serializer: one faster than JSON and one slower means the serializer, not the protocol', () => {
    const run: BenchRun = {
      ...SAMPLE_RUN,
      scenarios: [
        result('numeric', 'json', around(100), null),
        result('numeric', 'grpc', around(140), null),
        result('numeric', 'grpc-sliced', around(60), null),
      ],
    };
    const text = explainRun(run).sentences;
    expect(text).toContainEqual(
      expect.stringMatching(
        new RegExp(
          String.raw`^For \x60numeric\x60 rows \(one request of 1,000 rows\), against json: with grpc ` +
            String.raw`it took 1\.40× \(95% CI [\d.–]+\), JSON is faster; with grpc-sliced it took 0\.60× \(95% ` +
            String.raw`CI [\d.–]+\), grpc-sliced is faster: the serializer, not the protocol\.$`,
        ),
      ),
    );
    // Without a serializer variant there is no serializer sentence.
    expect(explainRun(SHAPE_RUN).sentences.join('\n')).not.toContain('against json: with');
  });

  it(
    "leaves the streams' serializer out of the sentence against json's one message (it would change the " +
      'message form too)',
    () => {
      const run: BenchRun = {
        ...SAMPLE_RUN,
        scenarios: [
          result('numeric', 'json', around(100), null),
          result('numeric', 'grpc', around(140), null),
          result('numeric', 'grpc-static', around(60), null),
          result('numeric', 'grpc-stream', around(90), null),
          result('numeric', 'grpc-stream-static', around(80), null),
        ],
      };
      const sentence = explainRun(run).sentences.find((s) => s.includes('against json: with'));
      expect(sentence).toContain('with grpc-static it took');
      expect(sentence).not.toContain('grpc-stream');
    },
  );

  it('says when no serializer changes the side, and which ones the runs cannot tell from JSON', () => {
    const run: BenchRun = {
      ...SAMPLE_RUN,
      scenarios: [
        result('text', 'json', around(100), null),
        result('text', 'grpc', around(150), null),
        result('text', 'grpc-sliced', around(130), null),
      ],
    };
    expect(explainRun(run).sentences.join('\n')).toContain(': JSON is faster whichever gRPC serializer.');
    const unclear: BenchRun = {
      ...run,
      scenarios: [run.scenarios[0], run.scenarios[1], result('text', 'grpc-sliced', [100, 120, 80, 110, 90], null)],
    };
    expect(explainRun(unclear).sentences.join('\n')).toMatch(
      new RegExp(
        String.raw`with grpc-sliced it took 1\.\d\d× \(95% CI [\d.–]+\), the runs cannot tell them ` +
          String.raw`apart: no one verdict holds for every serializer\.`,
      ),
    );
  });
});
