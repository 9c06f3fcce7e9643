import { SERVER_PHASE_METRICS, ServerPhases } from './server-phases';

/** `generate;dur=1.234, serialize;dur=0.5`: W3C Server-Timing syntax, µs resolution, phases in order. */
export function formatServerTiming(phases: ServerPhases): string {
  const parts: string[] = [];
  for (const [key, metric] of Object.entries(SERVER_PHASE_METRICS) as [keyof ServerPhases, string][]) {
    const ms = phases[key];
    if (ms !== undefined && Number.isFinite(ms) && ms >= 0) parts.push(`${metric};dur=${Math.round(ms * 1000) / 1000}`);
  }
  return parts.join(', ');
}
