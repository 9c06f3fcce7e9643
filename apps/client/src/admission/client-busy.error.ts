/** One measurement call the client is running, for a busy answer: which, and for how long so far. */
export interface CallInFlight {
  call: string;
  forMs: number;
}

/** New measurement work while the client already runs as many calls as it takes (CLIENT_MAX_CALLS): answered 503. */
export class ClientBusyError extends Error {
  constructor(
    readonly busyWith: CallInFlight[],
    readonly maxCalls: number,
    /** What the client runs at most at once, when it is not CLIENT_MAX_CALLS calls of any size. */
    rule = `at most ${maxCalls} measurement call${maxCalls === 1 ? '' : 's'} at once (CLIENT_MAX_CALLS)`,
  ) {
    const list = busyWith.map((c) => `${c.call} (for ${(c.forMs / 1000).toFixed(1)} s)`).join(', ');
    super(`the client is busy: it runs ${rule} and is running ${list}; try again when one ends`);
    this.name = 'ClientBusyError';
  }
}
