import type { Mode } from '../scenario/scenario.interface';

/** Which run the engine is in, and how many rows that run fetches in all. */
export interface RunPosition {
  variant: string;
  /** The message shape of the run's rows (@app/shapes). */
  shape: string;
  mode: Mode;
  phase: 'warmup' | 'measure' | 'wire';
  /** 1-based within its phase. */
  run: number;
  of: number;
  rowsPerRun: number;
  requestsPerRun: number;
  /** A streaming variant: rows are counted as its chunks arrive; otherwise only when a reply is in whole. */
  streamed: boolean;
}

/** What a call has done so far, as GET /client/progress and the progress log line show it. */
export interface ProgressSnapshot extends RunPosition {
  /** Rows received in this run so far (a stream's chunks as they arrive; a one-message reply once it is decoded). */
  rowsSoFar: number;
  /** Replies of this run that are in whole (decoded); a one-message reply's rows count only from then. */
  repliesSoFar: number;
}

/**
 * Where a running call is, for whoever asks while it runs (a log line every few seconds, a page polling). The engine
 * writes it and never reads it; a reader takes a snapshot. Polled rather than emitted per chunk: inside the timed
 * section counting is one addition per chunk or per completed request, never per row and never a call into a logger.
 */
export class RunProgress {
  private position: RunPosition | null = null;
  private rows = 0;
  private replies = 0;

  /** Before each run (warm-up, measured, or the wire pass's counted one). */
  startRun(position: RunPosition): void {
    this.position = position;
    this.rows = 0;
    this.replies = 0;
  }

  /** Rows of a stream's chunk that arrived. */
  received(rows: number): void {
    this.rows += rows;
  }

  /** One whole reply, of `rows` rows, is in (decoded). */
  replied(rows: number): void {
    this.rows += rows;
    this.replies += 1;
  }

  /** Null before the first run starts (validation, network calibration). */
  snapshot(): ProgressSnapshot | null {
    return this.position && { ...this.position, rowsSoFar: this.rows, repliesSoFar: this.replies };
  }
}
