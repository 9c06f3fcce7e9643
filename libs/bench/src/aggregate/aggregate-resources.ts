import type { ResourceUse, RunSample } from '../result/result.interface';
import type { ServerResourcesSource } from '../resources/resource-probe';

/**
 * Per-run resource samples -> totals over the measured runs, per-request CPU, and peaks; the server figures' source
 * is named only when every run had the same one (a server that went away mid-way leaves it, and the totals, empty).
 */
export function aggregateResources(
  runs: RunSample[],
  requestsPerRun: number,
  notes: string[],
  sources: ServerResourcesSource[] = [],
): ResourceUse {
  const sum = (pick: (r: RunSample) => number | null) =>
    runs.length > 0 && runs.every((r) => pick(r) !== null) ? runs.reduce((a, r) => a + (pick(r) as number), 0) : null;
  const max = (pick: (r: RunSample) => number | null) =>
    runs.length > 0 && runs.every((r) => pick(r) !== null) ? Math.max(...runs.map((r) => pick(r) as number)) : null;
  const requests = runs.length * requestsPerRun;
  const clientCpuMs = sum((r) => r.clientCpuMs);
  const serverCpuMs = sum((r) => r.serverCpuMs);
  const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);
  const clientPeakRssBytes = max((r) => r.clientPeakRssBytes);
  const serverPeakRssBytes = max((r) => r.serverPeakRssBytes);
  return {
    clientCpuMs: round(clientCpuMs),
    serverCpuMs: round(serverCpuMs),
    clientCpuMsPerRequest: clientCpuMs === null ? null : Math.round((clientCpuMs / requests) * 1e6) / 1e6,
    serverCpuMsPerRequest: serverCpuMs === null ? null : Math.round((serverCpuMs / requests) * 1e6) / 1e6,
    clientPeakRssBytes,
    serverPeakRssBytes,
    // One lifetime figure among the runs' makes the highest an upper bound too: flagged, never passed off as the runs'.
    ...(clientPeakRssBytes !== null && runs.some((r) => r.clientPeakIsLifetime) ? { clientPeakIsLifetime: true } : {}),
    ...(serverPeakRssBytes !== null && runs.some((r) => r.serverPeakIsLifetime) ? { serverPeakIsLifetime: true } : {}),
    serverResourcesSource: sources.length > 0 && sources.every((s) => s === sources[0]) ? sources[0] : null,
    notes: [...new Set(notes)],
  };
}
