/**
 * Where one request's time went, in ms. Per run these are means over the run's requests; per scenario, medians of
 * the runs' values. Null where the path has no such phase (compression on an uncompressed variant; the send phase
 * of an HTTP/1.1 response, whose timing header leaves before its body) or where it could not be read (`notes`).
 *
 * For one request the stack adds up exactly (nothing hidden):
 *   requestMs = serverGenerate + serverSerialize + serverCompress + waitOther + transfer + clientDecompress
 *             + clientDecode + clientOther
 * Server phases happen inside the wait for the first byte; serverSend overlaps the transfer and is not in the sum.
 */
export interface PhaseBreakdown {
  /** Issue -> decoded rows handed to the caller, timed around the transport call. */
  requestMs: number;
  serverGenerateMs: number | null;
  serverSerializeMs: number | null;
  serverCompressMs: number | null;
  serverSendMs: number | null;
  ttfbMs: number | null;
  ttlbMs: number | null;
  /** ttlb - ttfb: the body arriving. */
  transferMs: number | null;
  clientDecompressMs: number | null;
  clientDecodeMs: number | null;
  /**
   * ttfb - server generate/serialize/compress: the request's trip, both frameworks and scheduling before the first
   * byte.
   */
  waitOtherMs: number | null;
  /**
   * request - ttlb - decompress - decode: the client library's plumbing after the last byte (promises, rxjs),
   * scheduling.
   */
  clientOtherMs: number | null;
  /** Why a phase is empty, when one is that the path should have. */
  notes: string[];
}

/** The numeric fields, in the order a table shows them. */
export const PHASE_FIELDS = [
  'requestMs',
  'serverGenerateMs',
  'serverSerializeMs',
  'serverCompressMs',
  'serverSendMs',
  'ttfbMs',
  'ttlbMs',
  'transferMs',
  'clientDecompressMs',
  'clientDecodeMs',
  'waitOtherMs',
  'clientOtherMs',
] as const satisfies readonly (keyof PhaseBreakdown)[];

export type PhaseField = (typeof PHASE_FIELDS)[number];

/** The fields that add up to one request's time (see above); compression counts 0 where the path does not compress. */
export const STACK_FIELDS = [
  'serverGenerateMs',
  'serverSerializeMs',
  'serverCompressMs',
  'waitOtherMs',
  'transferMs',
  'clientDecompressMs',
  'clientDecodeMs',
  'clientOtherMs',
] as const satisfies readonly PhaseField[];
