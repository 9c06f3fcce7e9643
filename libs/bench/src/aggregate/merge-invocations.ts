import { aggregateResources } from './aggregate-resources';
import { aggregateRuns } from './aggregate-runs';
import { medianRunPhases } from './median-run';
import type { NetworkConditions, ScenarioResult } from '../result/result.interface';
import { judgeNoise } from '../noise/judge-noise';

/** The results of one invocation with every run stamped with its number, so they can be pooled with the others. */
export function stampInvocation(results: ScenarioResult[], invocation: number): ScenarioResult[] {
  return results.map((r) => ({
    ...r,
    runs: r.runs.map((s) => ({ ...s, invocation })),
    ...(r.replacedRuns ? { replacedRuns: r.replacedRuns.map((s) => ({ ...s, invocation })) } : {}),
  }));
}

/**
 * One scenario on one variant measured in several invocations -> one result: every run kept with its invocation,
 * the statistics over all of them (the median's interval from the two-level bootstrap, aggregate-runs.ts), and the
 * figures that come from runs (throughput, resources, phases) recomputed over all. `parts` in invocation order,
 * each already stamped. What describes the path rather than the runs (target, wire bytes, the calibrated network)
 * is the first invocation's; a network path flagged in any invocation stays flagged.
 */
export function mergeInvocations(parts: readonly ScenarioResult[]): ScenarioResult {
  if (parts.length === 1) return { ...parts[0], stats: aggregateRuns(parts[0].runs) };
  const first = parts[0];
  const runs = parts.flatMap((p) => p.runs);
  const stats = aggregateRuns(runs);
  const seconds = stats.medianMs / 1000;
  const sources = parts.map((p) => p.resources.serverResourcesSource ?? null);
  const merged: ScenarioResult = {
    ...first,
    runs,
    stats,
    throughput: {
      rowsPerSec: seconds > 0 ? Math.round(first.rowsReceivedPerRun / seconds) : 0,
      payloadMBPerSec: seconds > 0 ? Math.round((first.payloadBytesPerRun / 1e6 / seconds) * 1000) / 1000 : 0,
    },
    resources: aggregateResources(
      runs,
      first.requests,
      parts.flatMap((p) => p.resources.notes),
      sources,
    ),
    phases: medianRunPhases(runs),
    wire: parts.find((p) => p.wire?.bytesPerRequest != null)?.wire ?? first.wire,
    verified: parts.every((p) => p.verified),
    startedAt: first.startedAt,
    endedAt: parts[parts.length - 1].endedAt,
  };
  const network = mergeNetwork(parts.map((p) => p.network));
  if (network) merged.network = network;
  // Runs each invocation replaced (--quiet) stay on record, and judgeNoise counts them over every invocation.
  const replacedRuns = parts.flatMap((p) => p.replacedRuns ?? []);
  if (replacedRuns.length > 0) merged.replacedRuns = replacedRuns;
  return first.noise ? judgeNoise(merged, first.noise.disturbedAbove) : merged;
}

function mergeNetwork(all: (NetworkConditions | undefined)[]): NetworkConditions | undefined {
  const [first] = all;
  if (!first) return undefined;
  const flagged = all.some((n) => n?.flagged);
  return { ...first, flagged, notes: [...new Set(all.flatMap((n) => n?.notes ?? []))] };
}
