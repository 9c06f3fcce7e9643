import type { ClientHttp2Stream, IncomingHttpHeaders } from 'node:http2';
import { constants } from 'node:http2';
import { performance } from 'node:perf_hooks';
import { status } from '@grpc/grpc-js';
import { checksum } from '@app/data-generator';
import { loadSamplePackageDefinition, SAMPLE_PACKAGE, SAMPLE_SERVICE } from '@app/grpc';
import { expectedDigest } from '../run/expected-digest';
import type { Fire } from './fire.interface';
import { grpcError, statusFromHttp, statusFromRstCode, streamError } from './grpc-call-status';
import { H2SessionPool } from './h2-session-pool';
import type { LoadLevelSpec } from './load-level.interface';
import { MismatchError } from './mismatch-error';

// gRPC's length prefix: a compressed flag byte and the message length (uint32, big-endian).
const PREFIX = 5;

interface Call {
  caller: number;
  deadline: number;
  stream: ClientHttp2Stream;
  body: Buffer | Buffer[] | undefined;
  length: number;
  httpStatus: number;
  grpcStatus: number | undefined;
  grpcMessage: string;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

/**
 * gRPC spoken directly over node:http2 for the load generator, so that it costs less CPU per call than the
 * server it drives (grpc-js's client costs about twice the server's per call, which made every gRPC level
 * generator-bound). The request is encoded and framed once; `connections` HTTP/2 sessions, caller i on session
 * i mod n. Each caller's first reply is decoded and checked by row count and checksum, and its bytes become that
 * caller's reference: every later reply must be byte-identical to it, a full check at the cost of a memcmp.
 */
export function grpcH2Fire(spec: LoadLevelSpec): { fire: Fire; verified: () => boolean; close: () => void } {
  const method = (loadSamplePackageDefinition()[`${SAMPLE_PACKAGE}.${SAMPLE_SERVICE}`] as any).GetSamples;
  const message: Buffer = method.requestSerialize({ count: spec.rows });
  const frame = Buffer.alloc(PREFIX + message.length);
  frame.writeUInt32BE(message.length, 1);
  message.copy(frame, PREFIX);
  const headers = {
    ':method': 'POST',
    ':path': method.path as string,
    'content-type': 'application/grpc',
    te: 'trailers',
    // The server gives up too (grpc-timeout allows at most 8 digits).
    'grpc-timeout': `${Math.min(spec.timeoutMs, 99_999_999)}m`,
  };
  const maxBody = PREFIX + spec.grpcMaxMessageBytes;
  const expected = expectedDigest(spec.rows);
  const references: (Buffer | undefined)[] = [];
  const pool = new H2SessionPool(spec.target.address, spec.connections, spec.grpcMaxMessageBytes);
  let ok = true;

  // One sweep for every deadline instead of a timer per call: a server that never answers (or a connection that
  // never opens) still ends each call within timeout + one sweep interval.
  const inFlight = new Set<Call>();
  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const call of inFlight) if (now >= call.deadline) fail(call, grpcError(status.DEADLINE_EXCEEDED, `no reply within ${spec.timeoutMs} ms`), constants.NGHTTP2_CANCEL);
    },
    Math.max(5, Math.min(250, spec.timeoutMs / 4)),
  );
  sweep.unref();

  function fail(call: Call, error: unknown, rstCode?: number): void {
    if (!inFlight.delete(call)) return;
    if (rstCode !== undefined && !call.stream.destroyed) call.stream.close(rstCode);
    call.reject(error);
  }

  function complete(call: Call): void {
    if (!inFlight.has(call)) return;
    const code = call.grpcStatus ?? (call.httpStatus !== 200 && call.httpStatus !== 0 ? statusFromHttp(call.httpStatus) : call.stream.rstCode ? statusFromRstCode(call.stream.rstCode) : status.UNKNOWN);
    if (code !== status.OK) return fail(call, grpcError(code, call.grpcMessage || (call.grpcStatus === undefined ? `no grpc-status (HTTP ${call.httpStatus})` : status[code])));
    const body = Array.isArray(call.body) ? Buffer.concat(call.body) : call.body;
    const length = body && body.length >= PREFIX ? body.readUInt32BE(1) : -1;
    if (!body || body[0] !== 0 || PREFIX + length !== body.length) return fail(call, grpcError(status.INTERNAL, 'the reply is not one uncompressed length-prefixed message'));
    const reference = references[call.caller];
    if (reference) {
      if (!body.equals(reference)) {
        ok = false;
        return fail(call, new MismatchError('reply differs from the first verified one'));
      }
    } else {
      const samples = method.responseDeserialize(body.subarray(PREFIX)).samples;
      if (samples.length !== spec.rows || checksum(samples).checksum !== expected.checksum) {
        ok = false;
        return fail(call, new MismatchError(samples.length !== spec.rows ? `${samples.length} rows, expected ${spec.rows}` : 'checksum'));
      }
      references[call.caller] = Buffer.from(body);
    }
    inFlight.delete(call);
    call.resolve(length);
  }

  // Listeners shared by every stream (no closures per call); the stream carries its call.
  function onResponse(this: ClientHttp2Stream, h: IncomingHttpHeaders): void {
    const call = (this as any).call as Call;
    call.httpStatus = Number(h[':status']);
    // Trailers-only: the status comes with the headers.
    if (h['grpc-status'] !== undefined) readStatus(call, h);
  }
  function onData(this: ClientHttp2Stream, chunk: Buffer): void {
    const call = (this as any).call as Call;
    call.length += chunk.length;
    if (call.length > maxBody) return fail(call, grpcError(status.RESOURCE_EXHAUSTED, `reply larger than ${spec.grpcMaxMessageBytes} bytes`), constants.NGHTTP2_CANCEL);
    if (call.body === undefined) call.body = chunk;
    else if (Array.isArray(call.body)) call.body.push(chunk);
    else call.body = [call.body, chunk];
  }
  function onTrailers(this: ClientHttp2Stream, t: IncomingHttpHeaders): void {
    readStatus((this as any).call, t);
  }
  function onClose(this: ClientHttp2Stream): void {
    complete((this as any).call);
  }
  function onError(this: ClientHttp2Stream, error: Error): void {
    fail((this as any).call, streamError(error));
  }
  function readStatus(call: Call, h: IncomingHttpHeaders): void {
    call.grpcStatus = Number(h['grpc-status']);
    const m = h['grpc-message'];
    if (typeof m === 'string') call.grpcMessage = decodeURIComponent(m);
  }

  const fire: Fire = (caller) =>
    new Promise((resolve, reject) => {
      let stream: ClientHttp2Stream;
      try {
        stream = pool.get(caller).request(headers);
      } catch (error) {
        return reject(streamError(error as Error));
      }
      const call: Call = { caller, deadline: performance.now() + spec.timeoutMs, stream, body: undefined, length: 0, httpStatus: 0, grpcStatus: undefined, grpcMessage: '', resolve, reject };
      (stream as any).call = call;
      inFlight.add(call);
      stream.on('response', onResponse);
      stream.on('data', onData);
      stream.on('trailers', onTrailers);
      stream.on('close', onClose);
      stream.on('error', onError);
      stream.end(frame);
    });

  return {
    fire,
    verified: () => ok && references.some((r) => r !== undefined),
    close: () => {
      clearInterval(sweep);
      for (const call of inFlight) fail(call, grpcError(status.CANCELLED, 'generator closed'));
      pool.close();
    },
  };
}
