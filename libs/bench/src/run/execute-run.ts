import { performance } from 'node:perf_hooks';
import { lastValueFrom, mergeMap, range, toArray } from 'rxjs';
import { checksum } from '@app/data-generator';
import type { Scenario } from '../scenario/scenario.interface';
import type { FetchedRows, RowsTransport } from '../transports/rows-transport.interface';
import { roundMicros } from '../round-micros';
import { expectedDigest } from './expected-digest';
import { PayloadMismatchError } from './payload-mismatch.error';
import { throwIfCancelled } from './run-cancelled.error';

/** What one run measured, before it is numbered as a sample. */
export interface RunMeasurement {
  ms: number;
  rowsReceived: number;
  payloadBytes: number;
}

/**
 * One run: `requests` requests of `rowsPerRequest` rows, at most `concurrency` in flight (mergeMap's cap;
 * uncapped it is the article's forkJoin). The clock covers issuing the requests and receiving and decoding
 * every response, nothing else: verification, which hashes every row, happens after it stops.
 * Once `signal` fires no further request starts (those in flight finish unread) and the run rejects with
 * RunCancelledError; checking it is one property read per request, inside the clock but far below its resolution.
 */
export async function executeRun(scenario: Scenario, transport: RowsTransport, signal?: AbortSignal): Promise<RunMeasurement> {
  const expected = expectedDigest(scenario.rowsPerRequest);
  const { rowsPerRequest, requests, concurrency } = scenario;
  const fetchOne = (index: number): Promise<FetchedRows> => {
    throwIfCancelled(signal, () => `before request ${index + 1}/${requests} of a ${scenario.transport} ${scenario.mode} run`);
    return transport.fetchRows(rowsPerRequest);
  };

  const started = performance.now();
  const responses: FetchedRows[] =
    requests === 1 ? [await fetchOne(0)] : await lastValueFrom(range(0, requests).pipe(mergeMap(fetchOne, concurrency), toArray()));
  const ms = roundMicros(performance.now() - started);

  let rowsReceived = 0;
  let payloadBytes = 0;
  for (const [index, response] of responses.entries()) {
    const got = checksum(response.rows);
    if (got.count !== expected.count) {
      throw new PayloadMismatchError(transport.target, `request ${index + 1}: ${got.count} rows, expected ${expected.count}`);
    }
    if (got.checksum !== expected.checksum) {
      throw new PayloadMismatchError(transport.target, `request ${index + 1}: checksum ${got.checksum} != expected ${expected.checksum}`);
    }
    rowsReceived += got.count;
    payloadBytes += response.payloadBytes;
  }
  return { ms, rowsReceived, payloadBytes };
}

