import type { PhaseBreakdown, PhaseField } from '@app/bench';
import type { CsvColumn } from './csv-column.interface';

/**
 * Each phase once: its CSV name and meaning. The same list feeds runs.csv (means over a run's requests) and summary.csv
 * (the median run's).
 */
export const PHASE_COLUMN_INFO: Record<PhaseField, { name: string; description: string }> = {
  requestMs: {
    name: 'request_ms',
    description:
      'Time of one request from issue to decoded rows, timed around the transport call (in a parallel run, ' +
      'queueing behind other requests included).',
  },
  serverGenerateMs: {
    name: 'server_generate_ms',
    description: 'Server: building the rows, as the server reported it (Server-Timing header or gRPC trailer).',
  },
  serverSerializeMs: {
    name: 'server_serialize_ms',
    description: 'Server: JSON.stringify or protobuf encode of the rows.',
  },
  serverCompressMs: {
    name: 'server_compress_ms',
    description: 'Server: gzip of the serialized body; empty when the variant does not compress.',
  },
  serverSendMs: {
    name: 'server_send_ms',
    description:
      'Server: first byte handed to the connection to last byte accepted by it; empty where the timing leaves ' +
      'before the body (HTTP/1.1 headers). Overlaps transfer_ms.',
  },
  ttfbMs: {
    name: 'ttfb_ms',
    description:
      'Client: request issued to the first byte of the response (HTTP status line and headers, gRPC response headers).',
  },
  ttlbMs: { name: 'ttlb_ms', description: 'Client: request issued to the last byte of the response body.' },
  transferMs: { name: 'transfer_ms', description: 'Client: ttlb_ms - ttfb_ms, the body arriving.' },
  clientDecompressMs: {
    name: 'client_decompress_ms',
    description: 'Client: gunzip of the body; empty when the variant does not compress.',
  },
  clientDecodeMs: {
    name: 'client_decode_ms',
    description: 'Client: bytes to JS objects (JSON.parse, protobuf decode).',
  },
  waitOtherMs: {
    name: 'wait_other_ms',
    description:
      "Remainder before the first byte: ttfb_ms minus the server phases = the request's trip, both frameworks, " +
      'scheduling and queueing. Empty when the server sent no timing.',
  },
  clientOtherMs: {
    name: 'client_other_ms',
    description:
      "Remainder after the last byte: request_ms - ttlb_ms - decompress - decode = the client library's " +
      'plumbing (promises, rxjs) and scheduling.',
  },
};

/** One CSV column per phase, reading the breakdown `pick` finds on a row; empty cells where it has none. */
export function phaseColumns<Row>(pick: (row: Row) => PhaseBreakdown | null | undefined): CsvColumn<Row>[] {
  return (Object.entries(PHASE_COLUMN_INFO) as [PhaseField, { name: string; description: string }][]).map(
    ([field, info]) => ({
      name: info.name,
      unit: 'ms',
      description: info.description,
      value: (row: Row) => pick(row)?.[field] ?? null,
    }),
  );
}

/**
 * The phases that are a serializer's own work, also per row (µs): the serializer's and the decoder's cost, comparable
 * across sizes, shapes and serializers (bench:codecs measures the same quantity alone). Declared once; the CSVs and
 * the phase table read them.
 */
export const PER_ROW_PHASE_INFO = {
  serverSerializeMs: {
    name: 'server_serialize_us_per_row',
    head: 'ser µs/row',
    description:
      "Server: server_serialize_ms per row of a request, in microseconds (the serializer's cost per row: " +
      'JSON.stringify, fast-json-stringify or a protobuf encoder).',
  },
  clientDecodeMs: {
    name: 'client_decode_us_per_row',
    head: 'dec µs/row',
    description:
      'Client: client_decode_ms per row of a request, in microseconds (JSON.parse or the protobuf decoder of ' +
      "the variant's serializer).",
  },
} as const satisfies Partial<Record<PhaseField, { name: string; head: string; description: string }>>;

export type PerRowPhaseField = keyof typeof PER_ROW_PHASE_INFO;

/** A per-request phase in µs per row; null when the phase is empty or the request had no rows. */
export function microsPerRow(ms: number | null | undefined, rowsPerRequest: number): number | null {
  if (ms === null || ms === undefined || !(rowsPerRequest > 0)) return null;
  return Math.round((ms * 1000 * 1000) / rowsPerRequest) / 1000;
}

/** One CSV column per PER_ROW_PHASE_INFO entry, from the breakdown and the rows per request of a row. */
export function perRowPhaseColumns<Row>(
  pick: (row: Row) => PhaseBreakdown | null | undefined,
  rowsOf: (row: Row) => number,
): CsvColumn<Row>[] {
  return (Object.entries(PER_ROW_PHASE_INFO) as [PerRowPhaseField, { name: string; description: string }][]).map(
    ([field, info]) => ({
      name: info.name,
      unit: 'µs/row',
      description: info.description,
      value: (row: Row) => microsPerRow(pick(row)?.[field], rowsOf(row)),
    }),
  );
}
