import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { lastValueFrom, mergeMap, range, toArray } from 'rxjs';
import type { RowsDigest } from '@app/data-generator';
import { getShape } from '@app/shapes';
import type { Scenario } from '../scenario/scenario.interface';
import type {
  ClientPhases,
  RowsTransport,
  StreamingRowsTransport,
} from '../transport-contract/rows-transport.interface';
import { SCENARIO_DEFAULTS } from '../scenario/validate-scenario';
import { isStreamingTransport } from '../transport-contract/is-streaming-transport';
import { roundMicros } from '../round-micros';
import type { PhaseBreakdown } from '../phases/phases.interface';
import { requestPhases } from '../phases/request-phases';
import { combinePhases } from '../phases/combine-phases';
import { criticalPathOf, type CriticalPath, type IssuedRequest } from '../phases/critical-path';
import { expectedDigestYielding } from './expected-digest';
import { inJsonForm } from './json-form';
import { PayloadMismatchError } from './payload-mismatch.error';
import { RunCancelledError, throwIfCancelled } from './run-cancelled.error';
import type { RunProgress } from './run-progress';

/** What one run measured, before it is numbered as a sample. */
export interface RunMeasurement {
  ms: number;
  rowsReceived: number;
  payloadBytes: number;
  /** Where the time went, as means over the run's requests (phases/phases.interface.ts). */
  phases: PhaseBreakdown | null;
  /** The request that finished last, which set the wall time; null when the transport reports no phases. */
  path: CriticalPath | null;
}

/** Either kind of transport: one message per request, or a stream of chunks. */
export type AnyTransport = RowsTransport | StreamingRowsTransport;

/**
 * One request's outcome with the time it took (responses arrive in completion order, not request order) and how
 * to get its digest: a one-message response is hashed after the clock stops (its protobuf rows converted to their
 * JSON form then, too); a stream's chunks were converted and hashed as they came (holding them all is what
 * streaming avoids), so only the final digest is left.
 */
interface Timed {
  digest: () => RowsDigest;
  payloadBytes: number;
  phases?: ClientPhases;
  requestMs: number;
  /** performance.now() when it was issued, for the run's critical path. */
  issued: number;
}

/**
 * One run: `requests` requests of `rowsPerRequest` rows, at most `concurrency` in flight (mergeMap's cap;
 * uncapped it is the article's forkJoin). The clock covers issuing the requests and receiving and decoding
 * every response, nothing else: verification, which hashes every row, happens after it stops.
 * Once `signal` fires no further request starts, those in flight are aborted, and the run rejects with
 * RunCancelledError; checking it is one property read per request, inside the clock but far below its resolution.
 * The first request that fails aborts the others in flight too, and its error is the run's.
 * Each request's own time is stamped around its transport call (two performance.now() reads) for the phase
 * breakdown, which is put together after the clock stops.
 * `progress` counts rows as they arrive, for a caller that shows how far a long run is: one addition per stream
 * chunk or per completed reply, which the clock cannot resolve either.
 */
export async function executeRun(
  scenario: Scenario,
  transport: AnyTransport,
  signal?: AbortSignal,
  progress?: RunProgress,
): Promise<RunMeasurement> {
  // A transport asks for one shape: timing one against another shape's digest would only ever fail, late.
  if (transport.shape !== scenario.shape)
    throw new Error(`a transport built for shape ${transport.shape} cannot run a ${scenario.shape} scenario`);
  const shape = getShape(scenario.shape);
  const expected = await expectedDigestYielding(scenario.rowsPerRequest, scenario.shape);
  const { rowsPerRequest, requests, concurrency } = scenario;
  // Aborts every request of the run still in flight when the caller leaves or one request fails: a failed run's
  // other replies (up to MAX_REQUESTS of MAX_ROWS rows) would otherwise still be built by the server and read here.
  const inFlight = new AbortController();
  setMaxListeners(0, inFlight.signal);
  const callerLeft = () => inFlight.abort();
  if (signal?.aborted) inFlight.abort();
  signal?.addEventListener('abort', callerLeft, { once: true });
  const fetchOne = async (index: number): Promise<Timed> => {
    throwIfCancelled(
      signal,
      () => `before request ${index + 1}/${requests} of a ${scenario.transport} ${scenario.mode} run`,
    );
    const issued = performance.now();
    if (!isStreamingTransport(transport)) {
      try {
        const response = await transport.fetchRows(rowsPerRequest, inFlight.signal);
        const requestMs = performance.now() - issued;
        // Counted once the request's own time is stamped, so the count is not part of it.
        progress?.replied(rowsPerRequest);
        const jsonRows = () => response.jsonRows?.() ?? inJsonForm(shape, transport.rowForm, response.rows);
        return {
          digest: () => shape.newChecksum().add(jsonRows()).digest(),
          payloadBytes: response.payloadBytes,
          phases: response.phases,
          requestMs,
          issued,
        };
      } catch (error) {
        inFlight.abort();
        if (signal?.aborted)
          throw new RunCancelledError(
            `during request ${index + 1}/` +
              `${requests} of a ${scenario.transport} ${scenario.mode} run (requests in flight aborted)`,
          );
        throw error;
      }
    }
    const accumulator = shape.newChecksum();
    const chunkRows = scenario.chunkRows ?? SCENARIO_DEFAULTS.chunkRows;
    try {
      const streamed = await transport.streamRows(
        rowsPerRequest,
        chunkRows,
        {
          push: (rows) => {
            accumulator.add(inJsonForm(shape, transport.rowForm, rows));
            progress?.received(rows.length);
          },
        },
        inFlight.signal,
      );
      return {
        digest: () => accumulator.digest(),
        payloadBytes: streamed.payloadBytes,
        phases: streamed.phases,
        requestMs: performance.now() - issued,
        issued,
      };
    } catch (error) {
      inFlight.abort();
      // A stream aborted because the caller left is a cancellation, not a server failure.
      if (signal?.aborted)
        throw new RunCancelledError(
          `during request ${index + 1}/${requests} of a ${scenario.variant} stream, after ${accumulator.rows} rows`,
        );
      throw error;
    }
  };

  const started = performance.now();
  let responses: Timed[];
  try {
    responses =
      requests === 1
        ? [await fetchOne(0)]
        : await lastValueFrom(range(0, requests).pipe(mergeMap(fetchOne, concurrency), toArray()));
  } finally {
    signal?.removeEventListener('abort', callerLeft);
  }
  const ms = roundMicros(performance.now() - started);

  let rowsReceived = 0;
  let payloadBytes = 0;
  const phases: PhaseBreakdown[] = [];
  const issuedRequests: IssuedRequest[] = [];
  for (const [index, response] of responses.entries()) {
    const got = response.digest();
    if (got.count !== expected.count) {
      throw new PayloadMismatchError(
        transport.target,
        `request ${index + 1}: ${got.count} rows, expected ${expected.count}`,
      );
    }
    if (got.checksum !== expected.checksum) {
      // A shape whose rows follow a setting (binary: BINARY_BLOB_BYTES) names it: the likeliest cause is a peer set
      // apart.
      const hint = shape.mismatchHint ? `; ${shape.mismatchHint}` : '';
      throw new PayloadMismatchError(
        transport.target,
        `request ${index + 1}: checksum ${got.checksum} != expected ${expected.checksum}${hint}`,
      );
    }
    rowsReceived += got.count;
    payloadBytes += response.payloadBytes;
    const own = requestPhases(response.requestMs, response.phases);
    phases.push(own);
    if (response.phases) issuedRequests.push({ issuedAtMs: response.issued - started, phases: own });
  }
  // The path only when every request reported phases: the last one to finish could be one that did not.
  // A one-request run has no queue: the µs before its one request is issued are the engine's own, left unattributed.
  const path =
    issuedRequests.length === responses.length
      ? criticalPathOf(ms, requests === 1 ? issuedRequests.map((r) => ({ ...r, issuedAtMs: 0 })) : issuedRequests)
      : null;
  return { ms, rowsReceived, payloadBytes, phases: combinePhases(phases), path };
}
