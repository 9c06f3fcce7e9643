import { explainRun, caseWords, effectOf, PHASE_WORDS, type Explanation, type PhaseGap } from '@app/explain';
import type { BenchRun } from '@app/bench';
import type { VariantVersus } from '@app/bench';
import { human } from './table-columns';
import { peakCell } from './lifetime-peak';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';

/** Head, alignment and rows of one table, for the terminal and the Markdown printer alike. */
export interface PlainTable {
  head: string[];
  align: ('left' | 'right')[];
  rows: string[][];
  /**
   * The columns that name a row (by index), repeated in each part when a terminal is too narrow for the whole table.
   */
  key?: number[];
}

const BYTES_PER_MB = 1_000_000;

/** The part that moved most in the direction of the whole gap (the one a side won or lost most in). */
function biggest(gap: PhaseGap | null): string {
  const d = gap?.deltas.find((x) => x.deltaMs !== 0 && Math.sign(x.deltaMs) === Math.sign(gap.totalMs));
  if (!d) return '';
  return `${PHASE_WORDS[d.part]} ${d.deltaMs > 0 ? '+' : '−'}${human(Math.abs(d.deltaMs), 2)} ms`;
}

/** The "why" table: per case, gRPC against JSON, then every variant against its baseline (one factor each). */
export function whyTable(explanation: Explanation): PlainTable {
  const rows: string[][] = [];
  for (const c of explanation.cases) {
    const row = (v: VariantVersus, factor: string, gap: PhaseGap | null) => [
      c.scenario,
      caseWords(c),
      `${v.variant} vs ${v.against}`,
      factor,
      human(v.medianRatio, 2),
      v.ratioCi ? `${human(v.ratioCi.low, 2)}–${human(v.ratioCi.high, 2)}` : '',
      effectOf(v),
      biggest(gap),
    ];
    if (c.grpcVsJson) rows.push(row(c.grpcVsJson, 'transport (all five)', c.gap));
    for (const f of c.factors) rows.push(row(f, f.factor ?? '', f.gap));
  }
  return {
    head: [
      'scenario',
      'case',
      'comparison',
      'factor',
      'time ratio',
      'ratio 95% CI',
      'verdict',
      'largest part of the gap (median runs)',
    ],
    align: ['left', 'left', 'left', 'left', 'right', 'right', 'left', 'left'],
    rows,
    key: [0, 2],
  };
}

/** Per case and variant: time beside CPU, bytes and memory. */
export function variantFiguresTable(explanation: Explanation): PlainTable {
  const mb = (b: number | null) => (b === null ? '' : human(b / BYTES_PER_MB, 1));
  const rows = explanation.cases.flatMap((c) =>
    c.variants.map((v) => [
      c.scenario,
      v.variant,
      human(v.medianMs, 2),
      human(v.clientCpuMsPerRequest, 3),
      human(v.serverCpuMsPerRequest, 3),
      human(v.payloadBytesPerRequest),
      human(v.wireBytesPerRequest),
      peakCell(mb(v.clientPeakRssBytes), v.clientPeakIsLifetime),
      peakCell(mb(v.serverPeakRssBytes), v.serverPeakIsLifetime),
    ]),
  );
  return {
    head: [
      'scenario',
      'variant',
      'median ms',
      'client CPU ms/req',
      'server CPU ms/req',
      'payload B/req',
      'wire B/req',
      'client peak RSS MB',
      'server peak RSS MB',
    ],
    align: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    rows,
    key: [0, 1],
  };
}

export const WHY_LEGEND =
  'time ratio: median of the variant / median of what it is compared with; below 1 means it took less time. ' +
  'The 95% interval is a ' +
  'percentile bootstrap of that ratio from the runs (2,000 resamples, fixed seed; with several invocations a ' +
  'two-level one: invocations, then runs within them); ' +
  'the verdict is "faster" or "slower" only when that interval lies wholly below or above 1, and "too few ' +
  'runs" whatever it shows when a side has fewer than ' +
  `${MIN_RUNS_FOR_VERDICT} measured runs (a bootstrap over 2 runs has 3 medians to draw from). "transport ` +
  `(all five)": json and grpc differ in encoding, protocol, framework, ` +
  'client library and message framing at once; the rows below each change one.';

/** The explanation of a run, or null when it has nothing to explain (no factor variants and no phase gap). */
export function explanationOf(run: BenchRun): Explanation | null {
  const explanation = explainRun(run);
  return explanation.cases.some((c) => c.factors.length > 0 || c.gap) ? explanation : null;
}
