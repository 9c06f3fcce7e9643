import type { BenchRun } from '../result/bench-run.interface';
import type { NetworkConditions, ScenarioResult } from '../result/result.interface';
import { compareResults } from '../result/compare-results';

/** The pairs compared under each profile: the article's two paths, and the same two streamed. */
const PAIRS = [
  { json: 'json', grpc: 'grpc' },
  { json: 'json-stream', grpc: 'grpc-stream' },
] as const;

/** One case on one pair of variants under one network profile. */
export interface NetworkVerdictRow {
  /** The case's name without its `@profile` suffix. */
  caseName: string;
  mode: ScenarioResult['mode'];
  rowsPerRequest: number;
  requests: number;
  pair: string;
  profile: string;
  network: NetworkConditions | null;
  jsonMs: number;
  grpcMs: number;
  /** Median gRPC time over median JSON time: below 1, gRPC took less. */
  ratio: number;
  /** The faster side when the medians' intervals are apart; 'cannot tell' otherwise. */
  verdict: 'grpc' | 'json' | 'cannot tell';
}

export interface NetworkVerdicts {
  /** In the run's order of cases, then pairs, then profiles. */
  rows: NetworkVerdictRow[];
  /** Generated from the rows: for each case and pair, where the verdict flips, or that it does not. */
  sentences: string[];
}

const profileOf = (r: ScenarioResult) => r.network?.profile ?? 'loopback';
const caseOf = (r: ScenarioResult) => (r.name.endsWith(`@${profileOf(r)}`) ? r.name.slice(0, -profileOf(r).length - 1) : r.name);

/**
 * gRPC against JSON per case under each network profile, and where the verdict changes. Null unless the run has a
 * case measured under two or more profiles on both sides of a pair.
 */
export function networkVerdicts(run: BenchRun): NetworkVerdicts | null {
  const rows: NetworkVerdictRow[] = [];
  const cases = [...new Set(run.scenarios.map(caseOf))];
  for (const caseName of cases) {
    for (const pair of PAIRS) {
      const profiles = [...new Set(run.scenarios.filter((r) => caseOf(r) === caseName).map(profileOf))];
      for (const profile of profiles) {
        const find = (variant: string) => run.scenarios.find((r) => caseOf(r) === caseName && profileOf(r) === profile && (r.variant ?? r.transport) === variant);
        const json = find(pair.json);
        const grpc = find(pair.grpc);
        if (!json || !grpc) continue;
        const c = compareResults(json, grpc);
        rows.push({
          caseName,
          mode: json.mode,
          rowsPerRequest: json.rowsPerRequest,
          requests: json.requests,
          pair: `${pair.grpc} vs ${pair.json}`,
          profile,
          network: json.network ?? null,
          jsonMs: json.stats.medianMs,
          grpcMs: grpc.stats.medianMs,
          ratio: c.ratio.medianGrpcOverJson,
          verdict: c.distinguishable && c.faster !== 'tie' ? c.faster : 'cannot tell',
        });
      }
    }
  }
  const groups = groupBy(rows, (r) => `${r.caseName}|${r.pair}`).filter((g) => g.length >= 2);
  if (groups.length === 0) return null;
  return { rows: groups.flat(), sentences: groups.map(sentence) };
}

function groupBy<T>(items: T[], key: (t: T) => string): T[][] {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return [...map.values()];
}

const ratioText = (r: NetworkVerdictRow) => `${r.ratio.toFixed(2)}× on ${r.profile}${r.network?.flagged ? ' (path flagged)' : ''}`;

function caseText(r: NetworkVerdictRow): string {
  const rows = `${r.rowsPerRequest.toLocaleString('en-US')} row${r.rowsPerRequest === 1 ? '' : 's'}`;
  return r.mode === 'single' ? `one request of ${rows}` : `${r.requests.toLocaleString('en-US')} parallel requests of ${rows}`;
}

/** One case and pair across its profiles, in the order they ran: which side is faster where, and where that changes. */
function sentence(group: NetworkVerdictRow[]): string {
  const head = `${caseText(group[0])}, ${group[0].pair}: gRPC/JSON ${group.map(ratioText).join(', ')}`;
  const faster = group.map((r) => (r.ratio < 1 ? 'grpc' : 'json'));
  const flip = faster.findIndex((f, i) => i > 0 && f !== faster[i - 1]);
  const unsure = group.filter((r) => r.verdict === 'cannot tell').map((r) => r.profile);
  const caveat = unsure.length > 0 ? ` (not told apart from chance on ${unsure.join(', ')}: the medians' intervals overlap)` : '';
  if (flip === -1) return `${head}. ${faster[0] === 'grpc' ? 'gRPC' : 'JSON'} is faster under every profile; the verdict does not flip${caveat}.`;
  const to = faster[flip] === 'grpc' ? 'gRPC overtakes JSON' : 'JSON overtakes gRPC';
  return `${head}. ${to} between ${group[flip - 1].profile} and ${group[flip].profile}: the verdict flips on ${group[flip].profile}${caveat}.`;
}
