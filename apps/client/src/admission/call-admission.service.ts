import { Inject, Injectable } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { reclaimWhenIdle } from '@app/serving';
import type { ProgressSnapshot, RunProgress } from '@app/bench';
import { CallInFlight, ClientBusyError } from './client-busy.error';

/** A call in flight with where it is (GET /client/progress); `progress` is null before its first run. */
export interface CallProgress extends CallInFlight {
  progress: ProgressSnapshot | null;
}

/**
 * At most CLIENT_MAX_CALLS measurement calls at once. Each can hold the whole socket pool and a core, so one more
 * would only queue behind them and measure the wait; it is refused at once (503) instead, and the client, which
 * never runs out of descriptors or event loop for it, keeps answering everything else.
 */
@Injectable()
export class CallAdmission {
  private readonly running = new Map<symbol, { call: string; since: number; progress?: RunProgress }>();
  private heavy: { call: string; since: number } | null = null;

  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  /**
   * Takes a slot for `call` (whose engine keeps `progress`) and returns its release; throws ClientBusyError when none
   * is free.
   */
  enter(call: string, progress?: RunProgress): () => void {
    const { maxCalls } = this.config.clientBudget;
    if (this.running.size >= maxCalls) throw new ClientBusyError(this.inFlight(), maxCalls);
    const slot = Symbol(call);
    this.running.set(slot, { call, since: performance.now(), progress });
    return () => {
      this.running.delete(slot);
      // A measurement leaves decoded rows behind (a 1,000,000-row call, GBs); collected once the client is idle.
      if (this.running.size === 0) reclaimWhenIdle(() => this.running.size === 0);
    };
  }

  /**
   * A heavy call (CLIENT_HEAVY_CALL_ROWS rows or CLIENT_HEAVY_CALL_REQUESTS requests or more in all, or a load level,
   * which saturates the machine by design)
   * also takes the one heavy slot: two of them on a 2-core machine each take more than twice as long, past the
   * client's own request timeout, and the callers got 504s. Throws ClientBusyError naming the heavy call in flight.
   */
  enterHeavy(call: string): () => void {
    if (this.heavy !== null) {
      const { heavyCallRows, heavyCallRequests } = this.config.clientBudget;
      const rule =
        `one heavy call ` +
        `(${heavyCallRows} rows or ${heavyCallRequests} requests or more in all, or a load level) at a time ` +
        `(CLIENT_HEAVY_CALL_ROWS, CLIENT_HEAVY_CALL_REQUESTS)`;
      throw new ClientBusyError(
        [this.heavy].map(({ call: c, since }) => ({ call: c, forMs: Math.round(performance.now() - since) })),
        this.config.clientBudget.maxCalls,
        rule,
      );
    }
    const mine = { call, since: performance.now() };
    this.heavy = mine;
    return () => {
      if (this.heavy === mine) this.heavy = null;
    };
  }

  inFlight(): CallInFlight[] {
    const now = performance.now();
    return [...this.running.values()].map(({ call, since }) => ({ call, forMs: Math.round(now - since) }));
  }

  /** The calls in flight, oldest first, each with where its engine is. */
  progress(): CallProgress[] {
    const now = performance.now();
    return [...this.running.values()].map(({ call, since, progress }) => ({
      call,
      forMs: Math.round(now - since),
      progress: progress?.snapshot() ?? null,
    }));
  }
}
