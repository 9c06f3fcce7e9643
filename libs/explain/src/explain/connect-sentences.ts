import type { ConnectPlacement, ConnectVersus } from './connect-placements.interface';
import { caseWords, effectOf, endWithNoise, interval, times, verdictPhrase } from './sentence-parts';

/**
 * What the interval says, in the words the other verdict sentences use; for a ratio it tells apart, the wire factors
 * that differ (the "why" the registry can give; the libraries on both ends differ too, the legend says).
 */
function verdictClause(v: ConnectVersus): string {
  const effect = effectOf(v);
  const phrase = verdictPhrase(v, v.variant, v.against);
  if (effect === 'too few runs' || effect === 'cannot tell') return phrase;
  // No traits for a side (a variant the traits do not cover yet): say nothing rather than "nothing differs".
  const what =
    v.differences === null
      ? ''
      : v.differences.length > 0
        ? `; what differs on the wire: ${v.differences.join(', ')}`
        : '; the two differ on the wire only in their libraries';
  return `${phrase}${what}`;
}

/** "connect-proto took 0.71× grpc's time (95% CI 0.66–0.77): connect-proto is faster; what differs ...". */
function against(v: ConnectVersus, lead: string): string {
  return `${lead} ${times(v.medianRatio)} ${v.against}'s time${interval(v)}: ${verdictClause(v)}`;
}

/**
 * "1-2 (one request of 10,000 rows): connect-proto took 0.71× grpc's time (95% CI 0.66–0.77): connect-proto is faster;
 * what differs on the wire: HTTP/1.1 against HTTP/2, …. Against json it took 1.90× json's time (…): json is faster; …."
 * grpc first: Connect serves the same .proto service, so gRPC is what it replaces.
 */
export function connectSentence(p: ConnectPlacement): string {
  const head = `${p.caseName} (${caseWords(p)}): `;
  const parts = [
    ...(p.vsGrpc ? [against(p.vsGrpc, `${p.variant} took`)] : []),
    ...(p.vsJson ? [against(p.vsJson, p.vsGrpc ? 'Against json it took' : `${p.variant} took`)] : []),
  ];
  return endWithNoise(`${head}${parts.join('. ')}.`, p.noise);
}
