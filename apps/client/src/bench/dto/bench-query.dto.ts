/**
 * Query parameters of the measuring endpoints (which endpoint takes which: endpoint-parameters.ts); the engine's
 * validateScenario checks the numeric ones.
 */
export interface BenchQueryDto {
  rows?: string;
  requests?: string;
  concurrency?: string;
  runs?: string;
  warmup?: string;
  name?: string;
  /** 1: also measure bytes on the wire in a separate counted pass. */
  wire?: string;
  /** 1: append the measured runs to bench-results/client-runs.csv. */
  save?: string;
  /** Text kept with saved runs. */
  label?: string;
  /** Single and parallel endpoints: the variant of the route's transport family (variants.ts). */
  variant?: string;
  /** The message shape every request carries (@app/shapes' registry; default `row`, the article's). */
  shape?: string;
  /** Streaming variants: rows per chunk (default STREAM_CHUNK_ROWS). */
  chunk?: string;
  /** A network profile's name (network-profiles.json): the paths to the servers shaped and calibrated. */
  network?: string;
  /** 1: the reply's numbers as measured, not rounded to 3 significant digits (ReadableNumbersInterceptor). */
  raw?: string;
}

/** `/client/compare` may name any variants. */
export interface CompareQueryDto extends BenchQueryDto {
  /** Any variants, side by side, runs interleaved. */
  variants?: string;
}

/** `/client/bench` also chooses transports and mode. */
export interface RunQueryDto extends CompareQueryDto {
  /** The two baselines; instead of `variants`. */
  transports?: string;
  mode?: string;
  /** Foreign CPU, in cores, above which a measured run is disturbed (default 0.2). */
  disturbedAbove?: string;
  /** Disturbed measured runs of each scenario measured again after a wait for a quiet machine (default 0). */
  rerunDisturbed?: string;
}
