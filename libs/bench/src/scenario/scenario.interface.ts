import type { ShapeName } from '@app/shapes';
import type { TransportKind, VariantName } from './variants';

export { TRANSPORT_KINDS } from './variants';
export type { TransportKind } from './variants';

/**
 * single: one request for `rowsPerRequest` rows. parallel: `requests` requests issued together, at most `concurrency`
 * in flight.
 */
export type Mode = 'single' | 'parallel';
export const MODES: readonly Mode[] = ['single', 'parallel'];

/** A validated description of what to time; built only by validateScenario. */
export interface Scenario {
  /** A short name for tables and files; defaults to one built from the parameters. */
  name: string;
  transport: TransportKind;
  /** The client+server path within the transport family (variants.ts); `json` and `grpc` are the defaults. */
  variant: VariantName;
  /** The message type every request carries (@app/shapes' registry); `row`, the article's, is the default. */
  shape: ShapeName;
  mode: Mode;
  rowsPerRequest: number;
  /** Streaming variants: rows per message / NDJSON write; null for the one-message variants. */
  chunkRows: number | null;
  requests: number;
  concurrency: number;
  runs: number;
  warmup: number;
}
