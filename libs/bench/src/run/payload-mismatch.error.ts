import type { TargetInfo } from '../transport-contract/rows-transport.interface';

/** A response that arrived but is not the rows that were asked for: an error, never a number. */
export class PayloadMismatchError extends Error {
  /** The run it happened in (variant, phase, run number), set by the engine: see nameTheRun. */
  run?: string;

  constructor(
    readonly target: TargetInfo,
    detail: string,
  ) {
    super(`${target.server} at ${target.address} sent rows that do not verify: ${detail}`);
    this.name = 'PayloadMismatchError';
  }
}
