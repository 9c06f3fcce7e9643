import type { TargetInfo } from './rows-transport.interface';

/**
 * Why a request to a server failed, as the client app reports it (HTTP status chosen by the app). 'busy': the server
 * refused the reply for now to stay within its memory budget (HTTP 503, gRPC RESOURCE_EXHAUSTED): retry later.
 */
export type TransportFailure = 'unavailable' | 'timeout' | 'bad-response' | 'busy';

/** A request that failed for a reason worth telling the user: which server, where, and what happened. */
export class TransportError extends Error {
  /** The run it happened in (variant, phase, run number), set by the engine: see nameTheRun. */
  run?: string;

  constructor(
    readonly failure: TransportFailure,
    readonly target: TargetInfo,
    detail: string,
    /** For a stream that broke off: the rows that had arrived (and were verified as they came) before it did. */
    readonly rowsReceived?: number,
  ) {
    super(
      `${target.server} at ${target.address} ` +
        `${describe(failure)}: ` +
        `${cleanDetail(detail)}${rowsReceived === undefined ? '' : ` (after ${rowsReceived} rows)`}`,
    );
    this.name = 'TransportError';
  }
}

/** A gRPC status as the failure the client reports: RESOURCE_EXHAUSTED is a server keeping within its memory budget. */
export function grpcFailure(code: number | undefined): TransportFailure {
  if (code === 14 /* UNAVAILABLE */) return 'unavailable';
  if (code === 8 /* RESOURCE_EXHAUSTED */) return 'busy';
  return 'bad-response';
}

/**
 * grpc-js ends an UNAVAILABLE message with "Resolution note: <text>", and with nothing after it when there is nothing
 * to note; an empty note (and stray trailing separators) says nothing to the reader, so it goes.
 */
export function cleanDetail(detail: string): string {
  return detail.replace(/[\s,;.]*Resolution note:\s*$/i, '').trim();
}

function describe(failure: TransportFailure): string {
  if (failure === 'unavailable') return 'is unavailable';
  if (failure === 'timeout') return 'did not answer in time';
  if (failure === 'busy') return 'is busy';
  return 'sent a bad response';
}
