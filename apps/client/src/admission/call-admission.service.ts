import { Inject, Injectable } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { CallInFlight, ClientBusyError } from './client-busy.error';

/**
 * At most CLIENT_MAX_CALLS measurement calls at once. Each can hold the whole socket pool and a core, so one more
 * would only queue behind them and measure the wait; it is refused at once (503) instead, and the client, which
 * never runs out of descriptors or event loop for it, keeps answering everything else.
 */
@Injectable()
export class CallAdmission {
  private readonly running = new Map<symbol, { call: string; since: number }>();

  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  /** Takes a slot for `call` and returns its release; throws ClientBusyError when none is free. */
  enter(call: string): () => void {
    const { maxCalls } = this.config.clientBudget;
    if (this.running.size >= maxCalls) throw new ClientBusyError(this.inFlight(), maxCalls);
    const slot = Symbol(call);
    this.running.set(slot, { call, since: performance.now() });
    return () => this.running.delete(slot);
  }

  inFlight(): CallInFlight[] {
    const now = performance.now();
    return [...this.running.values()].map(({ call, since }) => ({ call, forMs: Math.round(now - since) }));
  }
}
