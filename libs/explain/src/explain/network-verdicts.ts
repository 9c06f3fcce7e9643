import type { BenchRun } from '@app/bench';
import type { NetworkConditions, ScenarioResult } from '@app/bench';
import { caseWords, endWithNoise, tooFewRunsWords } from './sentence-parts';
import { poolNoise } from './case-noise';
import { transportRatioOf, type TransportRatio } from './transport-ratio';

/**
 * The pairs compared under each profile: the article's two paths, gRPC with a widened HTTP/2 window against the same
 * JSON (the window is what a high-latency path makes gRPC pay for), and the two streamed.
 */
const PAIRS = [
  { json: 'json', grpc: 'grpc' },
  { json: 'json', grpc: 'grpc-window' },
  { json: 'json-stream', grpc: 'grpc-stream' },
] as const;

/** One case on one pair of variants under one network profile. */
export interface NetworkVerdictRow extends TransportRatio {
  /** The case's name without its `@profile` suffix. */
  caseName: string;
  mode: ScenarioResult['mode'];
  rowsPerRequest: number;
  requests: number;
  pair: string;
  profile: string;
  network: NetworkConditions | null;
}

export interface NetworkVerdicts {
  /** In the run's order of cases, then pairs, then profiles. */
  rows: NetworkVerdictRow[];
  /** Generated from the rows: for each case and pair, where the verdict flips, or that it does not. */
  sentences: string[];
}

const profileOf = (r: ScenarioResult) => r.network?.profile ?? 'loopback';
const caseOf = (r: ScenarioResult) =>
  r.name.endsWith(`@${profileOf(r)}`) ? r.name.slice(0, -profileOf(r).length - 1) : r.name;

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
        const find = (variant: string) =>
          run.scenarios.find((r) => caseOf(r) === caseName && profileOf(r) === profile && r.variant === variant);
        const json = find(pair.json);
        const grpc = find(pair.grpc);
        if (!json || !grpc) continue;
        rows.push({
          caseName,
          mode: json.mode,
          rowsPerRequest: json.rowsPerRequest,
          requests: json.requests,
          pair: `${pair.grpc} vs ${pair.json}`,
          profile,
          network: json.network ?? null,
          ...transportRatioOf(grpc, json),
        });
      }
    }
  }
  const groups = groupBy(rows, (r) => `${r.caseName}|${r.pair}`).filter((g) => g.length >= 2);
  if (groups.length === 0) return null;
  return {
    rows: groups.flat(),
    sentences: groups.map((g) => endWithNoise(sentence(g), poolNoise(g.map((r) => r.noise)))),
  };
}

function groupBy<T>(items: T[], key: (t: T) => string): T[][] {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return [...map.values()];
}

const ratioText = (r: NetworkVerdictRow) =>
  `${r.ratio.toFixed(2)}× on ${r.profile}${r.network?.flagged ? ' (path flagged)' : ''}`;

/**
 * One case and pair across its profiles, in the order they ran: which side is faster where, and where that changes.
 * Only verdicts the runs can tell count: a flip is a profile whose told verdict differs from the last told one before
 * it, so a ratio that merely wanders around 1 within its interval is never called a flip.
 */
function sentence(group: NetworkVerdictRow[]): string {
  const head = `${caseWords(group[0])}, ${group[0].pair}: gRPC/JSON ${group.map(ratioText).join(', ')}`;
  const told = group.filter((r) => r.verdict === 'grpc' || r.verdict === 'json');
  const unsure = group.filter((r) => r.verdict === 'cannot tell').map((r) => r.profile);
  const few = group.filter((r) => r.verdict === 'too few runs');
  const fewWords = few.length > 0 ? tooFewRunsWords(Math.min(...few.map((r) => r.runsPerSide))) : '';
  const caveats = [
    ...(unsure.length > 0
      ? [`the runs cannot tell them apart on ${unsure.join(', ')}: the ratio's 95% interval spans 1`]
      : []),
    ...(few.length > 0 && told.length + unsure.length > 0
      ? [`no verdict on ${few.map((r) => r.profile).join(', ')}: ${fewWords}`]
      : []),
  ];
  const caveat = caveats.length > 0 ? ` (${caveats.join('; ')})` : '';
  if (few.length === group.length) return `${head}. No verdict under any profile: ${fewWords}.`;
  if (told.length === 0 && few.length === 0)
    return `${head}. The runs cannot tell JSON and gRPC apart under any profile (each ratio's 95% interval spans 1).`;
  if (told.length === 0)
    return (
      `${head}. The runs cannot tell JSON and gRPC apart under any profile with enough runs (each ` +
      `ratio's 95% interval spans 1)${caveat}.`
    );
  const flip = told.findIndex((r, i) => i > 0 && r.verdict !== told[i - 1].verdict);
  const side = (v: NetworkVerdictRow['verdict']) => (v === 'grpc' ? 'gRPC' : 'JSON');
  if (flip === -1)
    return (
      `${head}. ${side(told[0].verdict)} is faster under every profile where the runs tell them apart; ` +
      `the verdict does not flip${caveat}.`
    );
  return (
    `${head}. ${side(told[flip].verdict)} overtakes ` +
    `${side(told[flip - 1].verdict)} between ${told[flip - 1].profile} and ` +
    `${told[flip].profile}: the verdict flips on ${told[flip].profile}${caveat}.`
  );
}
