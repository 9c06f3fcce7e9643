import { BadRequestException } from '@nestjs/common';
import { Mode, MODES, TRANSPORT_KINDS, TransportKind } from '@app/bench';

function bad(parameter: string, message: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, error: 'Bad Request', parameter, message });
}

/** `0`/`1` (or absent) for switches such as ?wire= and ?save=. */
export function parseSwitch(name: string, raw: unknown): boolean {
  if (raw === undefined) return false;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw bad(name, `${name} must be 0 or 1, got ${JSON.stringify(raw)}`);
}

/** A comma list of transports, each known, none twice. */
export function parseTransports(raw: unknown): TransportKind[] {
  if (raw === undefined) return [...TRANSPORT_KINDS];
  const list = typeof raw === 'string' ? raw.split(',') : [];
  if (list.length === 0 || list.some((t) => !TRANSPORT_KINDS.includes(t as TransportKind)) || new Set(list).size !== list.length) {
    throw bad('transports', `transports must be a comma list of ${TRANSPORT_KINDS.join(', ')}, got ${JSON.stringify(raw)}`);
  }
  return list as TransportKind[];
}

/** single or parallel; absent means parallel when more than one request is asked for. */
export function parseMode(raw: unknown, requests: unknown): Mode {
  if (raw === undefined) return requests === undefined || requests === '1' ? 'single' : 'parallel';
  if (!MODES.includes(raw as Mode)) throw bad('mode', `mode must be one of ${MODES.join(', ')}, got ${JSON.stringify(raw)}`);
  return raw as Mode;
}

/** A label for saved runs: one printable line. */
export function parseLabel(raw: unknown): string | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || raw.length > 200 || /[\x00-\x1f]/.test(raw)) throw bad('label', 'label must be one line of at most 200 characters');
  return raw;
}
