import { constants } from 'node:http2';
import { performance } from 'node:perf_hooks';
import { status } from '@grpc/grpc-js';
import { getShape, type MessageRow } from '@app/shapes';
import { expectedDigest } from '@app/bench';
import { shapeGrpcMethods } from '@app/transports';
import { levelShape } from './level-shape';
import type { Fire } from './fire.interface';
import { GRPC_PREFIX_BYTES, grpcFramed } from './grpc-frame';
import { grpcError, statusFromHttp, statusFromRstCode, streamError } from './grpc-call-status';
import { H2SessionPool, h2Url } from './h2-session-pool';
import type { LoadLevelSpec } from './load-level.interface';
import { MismatchError } from './mismatch-error';
import { requestHeaderBlocks } from './hpack-request-block';
import type { RepeatedRequest, StreamHandler } from './raw-h2-connection';

/** The request's header block in each HPACK form, with its body: what every stream of the level sends. */
function encodedRequest(path: string, authority: string, timeoutMs: number, message: Buffer): RepeatedRequest {
  // :method POST and :scheme http are static-table entries 3 and 6.
  const headers = requestHeaderBlocks(
    [3, 6],
    [
      [':path', path],
      [':authority', authority],
      ['content-type', 'application/grpc'],
      ['te', 'trailers'],
      // The server gives up too (grpc-timeout allows at most 8 digits).
      ['grpc-timeout', `${Math.min(timeoutMs, 99_999_999)}m`],
    ],
  );
  return { headers, body: grpcFramed(message) };
}

interface Call extends StreamHandler {
  deadline: number;
  cancel: (rstCode: number) => void;
}

/**
 * gRPC for the load generator, spoken as raw HTTP/2 frames (raw-h2-connection.ts) so that it costs far less CPU
 * per call than the server it drives: grpc-js's client cost about twice the server's per call, node:http2 about
 * as much. The request is encoded and framed once; `connections` connections, caller i on connection i mod n.
 * The call is the level's shape's unary method (`row`: sample.SampleService/GetSamples; the others their service's
 * GetRows). Each caller's first reply is decoded and checked by row count and the shape's checksum (the one its JSON
 * form shares), and its bytes become that caller's reference: every later reply must be byte-identical to it, a full
 * check at the cost of a memcmp.
 */
export function grpcH2Fire(spec: LoadLevelSpec): { fire: Fire; verified: () => boolean; close: () => void } {
  const shape = getShape(levelShape(spec));
  const method = shapeGrpcMethods(levelShape(spec)).unary;
  const request = encodedRequest(
    method.path,
    h2Url(spec.target.address).host,
    spec.timeoutMs,
    method.requestSerialize({ count: spec.rows }),
  );
  const maxBody = GRPC_PREFIX_BYTES + spec.grpcMaxMessageBytes;
  const expected = expectedDigest(spec.rows, levelShape(spec));
  const references: (Buffer | undefined)[] = [];
  const pool = new H2SessionPool(spec.target.address, spec.connections, request);
  let ok = true;

  // One sweep for every deadline instead of a timer per call: a server that never answers (or a connection that
  // never opens) still ends each call within timeout + one sweep interval.
  const inFlight = new Set<Call>();
  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const call of inFlight)
        if (now >= call.deadline)
          call.onFail(grpcError(status.DEADLINE_EXCEEDED, `no reply within ${spec.timeoutMs} ms`), -1);
    },
    Math.max(5, Math.min(250, spec.timeoutMs / 4)),
  );
  sweep.unref();

  const fire: Fire = (caller) =>
    new Promise((resolve, reject) => {
      let body: Buffer | Buffer[] | undefined;
      let length = 0;
      let httpStatus = 0;
      let grpcStatus: number | undefined;
      const settle = (error?: unknown, bytes = 0) => {
        if (!inFlight.delete(call)) return false;
        if (error) reject(error);
        else resolve(bytes);
        return true;
      };
      const call: Call = {
        deadline: performance.now() + spec.timeoutMs,
        cancel: () => undefined,
        onStatus(s) {
          if (s.http !== undefined) httpStatus = s.http;
          if (s.grpc !== undefined) grpcStatus = s.grpc;
        },
        onData(chunk) {
          length += chunk.length;
          if (length > maxBody)
            return this.onFail(
              grpcError(status.RESOURCE_EXHAUSTED, `reply larger than ${spec.grpcMaxMessageBytes} bytes`),
              -1,
            );
          if (body === undefined) body = chunk;
          else if (Array.isArray(body)) body.push(chunk);
          else body = [body, chunk];
        },
        onFail(error, rstCode) {
          // -1: we gave up on the stream (deadline, size), so the server is told to stop it.
          if (rstCode === -1) call.cancel(constants.NGHTTP2_CANCEL);
          const code =
            rstCode !== undefined && rstCode >= 0
              ? grpcError(statusFromRstCode(rstCode), error.message)
              : rstCode === -1
                ? error
                : streamError(error);
          settle(code);
        },
        onEnd() {
          const code =
            grpcStatus ?? (httpStatus !== 200 && httpStatus !== 0 ? statusFromHttp(httpStatus) : status.UNKNOWN);
          if (code !== status.OK)
            return settle(
              grpcError(code, grpcStatus === undefined ? `no grpc-status (HTTP ${httpStatus})` : status[code]),
            );
          const reply = Array.isArray(body) ? Buffer.concat(body) : body;
          const size = reply && reply.length >= GRPC_PREFIX_BYTES ? reply.readUInt32BE(1) : -1;
          if (!reply || reply[0] !== 0 || GRPC_PREFIX_BYTES + size !== reply.length)
            return settle(grpcError(status.INTERNAL, 'the reply is not one uncompressed length-prefixed message'));
          const reference = references[caller];
          if (reference) {
            if (!reply.equals(reference)) {
              ok = false;
              return settle(new MismatchError('reply differs from the first verified one'));
            }
          } else {
            const decoded = method.responseDeserialize(reply.subarray(GRPC_PREFIX_BYTES)) as Record<
              string,
              MessageRow[]
            >;
            const rows = decoded[shape.rowsField] ?? [];
            if (
              rows.length !== spec.rows ||
              shape
                .newChecksum()
                .add(rows.map((row) => shape.toJson(row)))
                .digest().checksum !== expected.checksum
            ) {
              ok = false;
              return settle(
                new MismatchError(
                  rows.length !== spec.rows ? `${rows.length} rows, expected ${spec.rows}` : 'checksum',
                ),
              );
            }
            references[caller] = Buffer.from(reply);
          }
          settle(undefined, size);
        },
      };
      inFlight.add(call);
      call.cancel = pool.open(caller, call);
    });

  return {
    fire,
    verified: () => ok && references.some((r) => r !== undefined),
    close: () => {
      clearInterval(sweep);
      for (const call of [...inFlight]) call.onFail(grpcError(status.CANCELLED, 'generator closed'), -1);
      pool.close();
    },
  };
}
