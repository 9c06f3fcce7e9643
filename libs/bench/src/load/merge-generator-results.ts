import * as hdr from 'hdr-histogram-js';
import { LATENCY_HISTOGRAM } from './latency-recorder';
import type { GeneratorResult } from './load-level.interface';

/** Several generator processes' results as one: counts added, histograms added exactly, per-second counts summed. */
export function mergeGeneratorResults(parts: GeneratorResult[]): GeneratorResult {
  if (parts.length === 1) return parts[0];
  const sum = (pick: (g: GeneratorResult) => number) => parts.reduce((a, g) => a + pick(g), 0);
  const errors: Record<string, number> = {};
  for (const g of parts) for (const [k, v] of Object.entries(g.errors)) errors[k] = (errors[k] ?? 0) + v;
  const merged = hdr.build(LATENCY_HISTOGRAM);
  for (const g of parts) {
    const h = hdr.decodeFromCompressedBase64(g.latencyHistogram, LATENCY_HISTOGRAM.bitBucketSize, false);
    merged.add(h);
    h.destroy();
  }
  const successes = sum((g) => g.successes);
  const at = (p: number) => (merged.totalCount === 0 ? 0 : merged.getValueAtPercentile(p) / 1000);
  const latency = {
    mean: successes === 0 ? 0 : Math.round((sum((g) => g.latency.mean * g.successes) / successes) * 1000) / 1000,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    p999: at(99.9),
    max: merged.totalCount === 0 ? 0 : merged.maxValue / 1000,
  };
  const latencyHistogram = hdr.encodeIntoCompressedBase64(merged);
  merged.destroy();
  const seconds = Math.min(...parts.map((g) => g.perSecond.length));
  return {
    requests: sum((g) => g.requests),
    successes,
    errors,
    timeouts: sum((g) => g.timeouts),
    windowMs: Math.max(...parts.map((g) => g.windowMs)),
    latency,
    payloadBytes: sum((g) => g.payloadBytes),
    perSecond: Array.from({ length: seconds }, (_, i) => sum((g) => g.perSecond[i])),
    latencyHistogram,
    verified: parts.every((g) => g.verified),
    generatorCpuMs: sum((g) => g.generatorCpuMs),
    generatorElapsedMs: Math.max(...parts.map((g) => g.generatorElapsedMs)),
    generatorWindowCpuMs: sum((g) => g.generatorWindowCpuMs),
    endedBy: parts[0].endedBy,
  };
}
