import { SERVER_PHASE_METRICS, ServerPhases } from './server-phases';

export interface ParsedServerTiming {
  phases: ServerPhases;
  /** Why the phases are missing or partial (no header, or one that could not be read); absent when all is well. */
  note?: string;
}

const METRIC_OF = new Map<string, keyof ServerPhases>(
  Object.entries(SERVER_PHASE_METRICS).map(([key, metric]): [string, keyof ServerPhases] => [
    metric,
    key as keyof ServerPhases,
  ]),
);
// name, then ;param=value pairs; dur is a non-negative decimal (RFC 8941 style, as browsers accept it).
const ENTRY = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)((?:\s*;\s*[A-Za-z0-9_-]+(?:=(?:"[^"]*"|[^;,\s]*))?)*)$/;
const DUR = /;\s*dur=("?)(\d+(?:\.\d+)?)\1(?=\s*(?:;|$))/;

/**
 * Reads the phases a server sent (header value(s) or trailer value(s); repeated headers are joined with ", " as
 * HTTP allows). Never throws: an absent or garbled value gives no phases and a note, so a run still succeeds
 * with empty phase cells that say why. Metrics other than ours (a proxy's, say) are ignored.
 */
export function parseServerTiming(raw: string | string[] | undefined | null): ParsedServerTiming {
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0))
    return { phases: {}, note: 'server sent no server-timing' };
  const text = Array.isArray(raw) ? raw.join(', ') : raw;
  const phases: ServerPhases = {};
  const unreadable: string[] = [];
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const match = ENTRY.exec(entry);
    if (!match) {
      unreadable.push(entry);
      continue;
    }
    const key = METRIC_OF.get(match[1].toLowerCase());
    if (!key) continue;
    const dur = DUR.exec(match[2]);
    const ms = dur ? Number(dur[2]) : NaN;
    if (!Number.isFinite(ms)) unreadable.push(entry);
    else if (phases[key] === undefined) phases[key] = ms;
  }
  if (unreadable.length > 0)
    return {
      phases,
      note: `unreadable server-timing entries: ${unreadable.map((e) => JSON.stringify(e.slice(0, 60))).join(', ')}`,
    };
  if (Object.keys(phases).length === 0)
    return { phases, note: `server-timing holds none of ${Object.values(SERVER_PHASE_METRICS).join(', ')}` };
  return { phases };
}
