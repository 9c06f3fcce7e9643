/** The client transports the engine can time; later variants add names here. */
export type TransportKind = 'json' | 'grpc';
export const TRANSPORT_KINDS: readonly TransportKind[] = ['json', 'grpc'];

/** single: one request for `rowsPerRequest` rows. parallel: `requests` requests issued together, at most `concurrency` in flight. */
export type Mode = 'single' | 'parallel';
export const MODES: readonly Mode[] = ['single', 'parallel'];

/** A validated description of what to time; built only by validateScenario. */
export interface Scenario {
  /** A short name for tables and files; defaults to one built from the parameters. */
  name: string;
  transport: TransportKind;
  mode: Mode;
  rowsPerRequest: number;
  requests: number;
  concurrency: number;
  runs: number;
  warmup: number;
}
