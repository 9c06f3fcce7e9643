import { LatencyHistogram } from '@app/bench';
import type { GeneratorResult } from './load-level.interface';

/** Several generator processes' results as one: counts added, histograms added exactly, per-second counts summed. */
export function mergeGeneratorResults(parts: GeneratorResult[]): GeneratorResult {
  if (parts.length === 1) return parts[0];
  const sum = (pick: (g: GeneratorResult) => number) => parts.reduce((a, g) => a + pick(g), 0);
  const errors: Record<string, number> = {};
  for (const g of parts) for (const [k, v] of Object.entries(g.errors)) errors[k] = (errors[k] ?? 0) + v;
  const merged = LatencyHistogram.merge(parts.map((g) => ({ histogram: g.latencyHistogram, exact: g.latencyExactUs })));
  const latency = merged.summaryMs();
  const { histogram: latencyHistogram, exact: latencyExactUs } = merged.encode();
  merged.destroy();
  const seconds = Math.min(...parts.map((g) => g.perSecond.length));
  return {
    requests: sum((g) => g.requests),
    successes: sum((g) => g.successes),
    errors,
    timeouts: sum((g) => g.timeouts),
    windowMs: Math.max(...parts.map((g) => g.windowMs)),
    latency,
    payloadBytes: sum((g) => g.payloadBytes),
    perSecond: Array.from({ length: seconds }, (_, i) => sum((g) => g.perSecond[i])),
    latencyHistogram,
    latencyExactUs,
    verified: parts.every((g) => g.verified),
    generatorCpuMs: sum((g) => g.generatorCpuMs),
    generatorElapsedMs: Math.max(...parts.map((g) => g.generatorElapsedMs)),
    generatorWindowCpuMs: sum((g) => g.generatorWindowCpuMs),
    endedBy: parts[0].endedBy,
    // Every part was started on the same node binary.
    generatorRuntime: parts[0].generatorRuntime,
  };
}
