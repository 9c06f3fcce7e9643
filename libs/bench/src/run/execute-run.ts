import { performance } from 'node:perf_hooks';
import { lastValueFrom, mergeMap, range, toArray } from 'rxjs';
import { checksum } from '@app/data-generator';
import type { Scenario } from '../scenario/scenario.interface';
import type { FetchedRows, RowsTransport } from '../transports/rows-transport.interface';
import { roundMicros } from '../round-micros';
import { expectedDigest } from './expected-digest';
import { PayloadMismatchError } from './payload-mismatch.error';

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
 */
export async function executeRun(scenario: Scenario, transport: RowsTransport): Promise<RunMeasurement> {
  const expected = expectedDigest(scenario.rowsPerRequest);
  const { rowsPerRequest, requests, concurrency } = scenario;

  const started = performance.now();
  const responses: FetchedRows[] =
    requests === 1
      ? [await transport.fetchRows(rowsPerRequest)]
      : await lastValueFrom(range(0, requests).pipe(mergeMap(() => transport.fetchRows(rowsPerRequest), concurrency), toArray()));
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

