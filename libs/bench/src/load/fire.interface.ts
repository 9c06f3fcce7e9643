/** One request of a load generator: resolves with the payload size once the response is decoded and checked. */
export type Fire = (caller: number) => Promise<number>;

/** Counts shared by the drivers while a level runs. */
export class LevelCounters {
  requests = 0;
  successes = 0;
  timeouts = 0;
  payloadBytes = 0;
  readonly errors: Record<string, number> = {};

  error(kind: string, timeout: boolean): void {
    this.requests++;
    this.errors[kind] = (this.errors[kind] ?? 0) + 1;
    if (timeout) this.timeouts++;
  }

  success(bytes: number): void {
    this.requests++;
    this.successes++;
    this.payloadBytes += bytes;
  }
}
