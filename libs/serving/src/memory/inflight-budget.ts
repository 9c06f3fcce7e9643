import { reclaimWhenIdle } from './reclaim-when-idle';

// Replies that held this much in all since the last collection leave garbage worth collecting once the server idles.
const RECLAIM_ABOVE_BYTES = 32 * 1024 * 1024;

/** What a refused reservation tells the caller: whether waiting can help, and the figures to name. */
export interface BudgetRefusal {
  /** 'busy': it fits the budget but not what is left now (503, retry); 'too-large': it never fits (a limit). */
  kind: 'busy' | 'too-large';
  requestedBytes: number;
  inUseBytes: number;
  limitBytes: number;
  /** The setting that holds the budget, for messages. */
  setting: string;
}

/** A granted reservation; release() gives the bytes back, once, however often it is called. */
export interface Reservation {
  readonly bytes: number;
  release(): void;
}

/**
 * One server process's memory budget for replies in flight (MAX_INFLIGHT_BYTES): a reply reserves the bytes its rows
 * can encode to before it is built and gives them back when it is gone, so concurrent large replies wait their turn
 * with a 503 instead of growing the heap until the OOM killer ends the server. Single-threaded: no locking needed.
 */
export class InflightBudget {
  private used = 0;
  private holders = 0;
  // Bytes reserved since the server was last idle: what its garbage may be.
  private sinceIdle = 0;

  constructor(
    readonly limitBytes: number,
    private readonly setting = 'MAX_INFLIGHT_BYTES',
  ) {}

  get inUseBytes(): number {
    return this.used;
  }

  get replies(): number {
    return this.holders;
  }

  /**
   * The reservation, or why not. `leavesGarbage`: a reply built whole leaves its rows behind, worth a collection once
   * the server idles; a stream builds piece by piece, and a collection after it would only cost the CPU it just saved.
   */
  reserve(bytes: number, leavesGarbage = true): Reservation | BudgetRefusal {
    const requestedBytes = Math.max(0, Math.ceil(bytes));
    const refusal = (kind: BudgetRefusal['kind']): BudgetRefusal => ({
      kind,
      requestedBytes,
      inUseBytes: this.used,
      limitBytes: this.limitBytes,
      setting: this.setting,
    });
    if (requestedBytes > this.limitBytes) return refusal('too-large');
    if (this.used + requestedBytes > this.limitBytes) return refusal('busy');
    this.used += requestedBytes;
    if (leavesGarbage) this.sinceIdle += requestedBytes;
    this.holders++;
    let held = true;
    return {
      bytes: requestedBytes,
      release: () => {
        if (!held) return;
        held = false;
        this.used -= requestedBytes;
        this.holders--;
        if (this.holders === 0 && this.sinceIdle >= RECLAIM_ABOVE_BYTES) {
          this.sinceIdle = 0;
          reclaimWhenIdle(() => this.holders === 0);
        }
      },
    };
  }
}

export function isRefusal(outcome: Reservation | BudgetRefusal): outcome is BudgetRefusal {
  return 'kind' in outcome;
}

/** One sentence for a 503 body or a gRPC status: what was asked, what is held, the limit and its setting. */
export function describeRefusal(r: BudgetRefusal): string {
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
  if (r.kind === 'too-large') {
    return (
      `this reply may take up ` +
      `to ${mib(r.requestedBytes)} (${r.requestedBytes} bytes), more than the ` +
      `server's ${r.setting} (${r.limitBytes} bytes): ask for fewer rows, or use a streaming variant`
    );
  }
  return (
    `server busy: replies in flight ` +
    `hold ${mib(r.inUseBytes)} of ${r.setting} (${mib(r.limitBytes)}) and this one needs up ` +
    `to ${mib(r.requestedBytes)}; retry when they are done`
  );
}

/**
 * Seconds a client should wait before retrying a 'busy' refusal: replies at the cap take a few seconds to build and
 * send.
 */
export const RETRY_AFTER_S = 2;
