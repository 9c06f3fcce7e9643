import type { ClientPhases } from '../transport-contract/rows-transport.interface';
import type { PhaseBreakdown } from './phases.interface';

/**
 * One request's breakdown from what its transport and server reported and the time the engine measured around it.
 * Derived phases need every input: a missing server timing leaves waitOther empty rather than folding the server's
 * work into it. Compression phases count as 0 in the sums when the path does not compress.
 */
export function requestPhases(requestMs: number, client: ClientPhases | undefined): PhaseBreakdown {
  if (!client) return { ...EMPTY, requestMs, notes: ['the transport does not report phases'] };
  const { server, ttfbMs, ttlbMs, decodeMs, decompressMs } = client;
  const generate = server.generateMs ?? null;
  const serialize = server.serializeMs ?? null;
  const compress = server.compressMs ?? null;
  const serverKnown = generate !== null && serialize !== null;
  return {
    requestMs,
    serverGenerateMs: generate,
    serverSerializeMs: serialize,
    serverCompressMs: compress,
    serverSendMs: server.sendMs ?? null,
    ttfbMs,
    ttlbMs,
    transferMs: ttfbMs !== null && ttlbMs !== null ? ttlbMs - ttfbMs : null,
    clientDecompressMs: decompressMs,
    clientDecodeMs: decodeMs,
    waitOtherMs: ttfbMs !== null && serverKnown ? ttfbMs - generate - serialize - (compress ?? 0) : null,
    clientOtherMs: ttlbMs !== null && decodeMs !== null ? requestMs - ttlbMs - (decompressMs ?? 0) - decodeMs : null,
    notes: client.notes,
  };
}

const EMPTY: Omit<PhaseBreakdown, 'requestMs' | 'notes'> = {
  serverGenerateMs: null,
  serverSerializeMs: null,
  serverCompressMs: null,
  serverSendMs: null,
  ttfbMs: null,
  ttlbMs: null,
  transferMs: null,
  clientDecompressMs: null,
  clientDecodeMs: null,
  waitOtherMs: null,
  clientOtherMs: null,
};
