import type { TargetInfo } from '../transport-contract/rows-transport.interface';
import { TransportError } from '../transport-contract/transport-errors';

/**
 * A server process behind a target ended while a measurement was under way (killed, crashed; `npm run start:all`
 * then starts it again within seconds). Whatever the runs got, they did not all time one process: those after it
 * timed another, cold one, and a request retried on a new socket may have reached it. So no figures are given,
 * only what happened; it is answered like a server that was unavailable (503), as running it again would be clean.
 */
export class ServerRestartedError extends TransportError {
  constructor(
    target: TargetInfo,
    readonly endedPids: number[],
    readonly nowPids: number[],
    readonly during: string,
  ) {
    super('unavailable', target, 'its process changed during the measurement');
    const now =
      nowPids.length === 0
        ? 'nothing of this user listens there now'
        : `${plural(nowPids)} ${nowPids.join(', ')} ${nowPids.length === 1 ? 'listens' : 'listen'} there now`;
    this.message =
      `${target.server} at ${target.address}: the server process changed during the measurement ` +
      `(${plural(endedPids)} ${endedPids.join(', ')} ended by the end of ${during}; ${now}). ` +
      'A measurement across a server restart is not clean, so none is reported: run it again.';
    this.name = 'ServerRestartedError';
  }
}

function plural(pids: number[]): string {
  return pids.length === 1 ? 'pid' : 'pids';
}
