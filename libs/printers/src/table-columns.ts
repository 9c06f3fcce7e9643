import type { BenchRun } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { compareResults } from '@app/bench';
import { MEDIAN_CI_LEVEL } from '@app/bench';
import { shapeOf } from '@app/bench';
import { peakCell } from './lifetime-peak';

/** A column of the human-readable results table, shared by the terminal table and the markdown report. */
export interface TableColumn {
  head: string;
  align: 'left' | 'right';
  cell: (result: ScenarioResult, run: BenchRun) => string;
}

const BYTES_PER_MB = 1_000_000;
const formats = new Map<number, Intl.NumberFormat>();

/** en-US grouping for people reading a table; empty for a missing figure. Never used for CSV. */
export function human(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formats.set(decimals, format);
  }
  return format.format(value);
}

/** Median gRPC time over median JSON time for a grpc result whose scenario name also ran on json; else null. */
export function grpcOverJson(result: ScenarioResult, run: BenchRun): number | null {
  if (result.transport !== 'grpc') return null;
  // Against the article's JSON path, so every gRPC-family variant reads against the same baseline.
  const json = run.scenarios.find((other) => other.variant === 'json' && other.name === result.name);
  if (!json) return null;
  const ratio = compareResults(json, result).ratio.medianGrpcOverJson;
  return Number.isFinite(ratio) ? ratio : null;
}

/**
 * "20.10–22.30", with the confidence actually reached in brackets when it is below the 95% aimed for (fewer than
 * 6 runs), so a [min, max] of 3 runs is not read as a 95% interval. Empty when there is no interval.
 */
export function medianCiText(ci: { low: number; high: number; level: number } | null | undefined): string {
  if (!ci || ![ci.low, ci.high, ci.level].every(Number.isFinite)) return '';
  const range = `${human(ci.low, 2)}–${human(ci.high, 2)}`;
  return ci.level < MEDIAN_CI_LEVEL ? `${range} (${+(ci.level * 100).toFixed(1)}%)` : range;
}

/** The column heading for the interval, e.g. "median 95% CI ms". */
export const MEDIAN_CI_HEAD = `median ${MEDIAN_CI_LEVEL * 100}% CI ms`;

/** The between-invocation share of the variance in percent; null with one invocation (or a file from before them). */
const shareOf = (r: ScenarioResult): number | null =>
  r.stats.betweenInvocationShare == null ? null : r.stats.betweenInvocationShare * 100;

const left = (head: string, cell: TableColumn['cell']): TableColumn => ({ head, align: 'left', cell });
const right = (head: string, cell: TableColumn['cell']): TableColumn => ({ head, align: 'right', cell });

export const TABLE_COLUMNS: readonly TableColumn[] = [
  left('scenario', (r) => r.name),
  left('variant', (r) => r.variant),
  left('shape', (r) => shapeOf(r)),
  right('rows/req', (r) => human(r.rowsPerRequest)),
  right('requests', (r) => human(r.requests)),
  right('conc', (r) => human(r.concurrency)),
  right('median ms', (r) => human(r.stats.medianMs, 2)),
  right(MEDIAN_CI_HEAD, (r) =>
    r.stats.n === 0
      ? ''
      : medianCiText({ low: r.stats.medianCiLowMs, high: r.stats.medianCiHighMs, level: r.stats.medianCiLevel }),
  ),
  right('p99 ms', (r) => human(r.stats.p99Ms, 2)),
  right('cv %', (r) => human(r.stats.cv * 100, 1)),
  right('between-inv var %', (r) => human(shareOf(r), 0)),
  right('rows/s', (r) => human(r.throughput.rowsPerSec)),
  right('payload B/req', (r) => human(r.payloadBytesPerRequest)),
  right('wire B/req', (r) => human(r.wire?.bytesPerRequest)),
  // Per-request CPU can be a few microseconds in the parallel cases, hence three decimals.
  right('client CPU ms/req', (r) => human(r.resources.clientCpuMsPerRequest, 3)),
  right('server CPU ms/req', (r) => human(r.resources.serverCpuMsPerRequest, 3)),
  right('server peak RSS MB', (r) => {
    const bytes = r.resources.serverPeakRssBytes;
    return bytes === null ? '' : peakCell(human(bytes / BYTES_PER_MB, 1), r.resources.serverPeakIsLifetime);
  }),
  right('gRPC/JSON', (r, run) => human(grpcOverJson(r, run), 2)),
  left('verified', (r) => (r.verified ? 'yes' : 'no')),
];

/** Read under either table: what the ratio means, so nobody has to guess which way is better. */
export const TABLE_LEGEND =
  `${MEDIAN_CI_HEAD}: distribution-free interval for the median run time, two of the runs; (n%) after it is ` +
  `the lower confidence reached with fewer than 6 runs; ` +
  "with several invocations (--invocations), the two-level bootstrap's interval instead (invocations " +
  'resampled, then runs within them). ' +
  'between-inv var %: share of the run-time variance that lies between invocations (fresh processes) rather ' +
  'than between runs of one; empty with one invocation. ' +
  'gRPC/JSON: median gRPC time / median JSON time for the same scenario; above 1 means gRPC took longer. MB = ' +
  '10^6 bytes.';
