import { status } from '@grpc/grpc-js';
import { BudgetRefusal, describeRefusal, InflightBudget, isRefusal, Reservation } from '@app/serving';
import type { Shape } from '@app/shapes';
import type { StreamSamplesParam } from './interfaces/sample-service.interface';
import { replyPhases } from './reply-phases';
import { maxProtoRowBytes } from './row-bytes';

/**
 * A refusal as a gRPC status: busy is RESOURCE_EXHAUSTED (retry later), a reply that can never fit INVALID_ARGUMENT.
 */
export interface GrpcRefusal {
  code: status;
  details: string;
}

/** What a server holds while a call is in flight; both gRPC servers answer the same way. */
export type Admission = Reservation | GrpcRefusal;

/** The part of a grpc-js call admission needs: whether its client left, and the event that says so. */
export interface CancellableCall {
  readonly cancelled: boolean;
  once(event: 'cancelled', listener: () => void): unknown;
}

export function isGrpcRefusal(admission: Admission): admission is GrpcRefusal {
  return 'code' in admission;
}

/**
 * A unary reply of `count` rows of the shape (default: the article's row) reserves its largest encoding (the
 * shape's bound). The reservation is given back when the reply's
 * bytes were taken by the HTTP/2 stream (serverTimingInterceptor sees the status go out) or when the client cancels
 * first: until then grpc-js holds the encoded message, however slowly the client reads.
 */
export function admitUnaryReply(
  budget: InflightBudget,
  count: number,
  call: CancellableCall,
  shape?: Shape,
): Admission {
  return admit(budget, unaryReplyBytes(count, shape), call, true);
}

/**
 * What a unary reply of `count` rows of the shape reserves: its largest encoding. Every protobuf server reserves this.
 */
export function unaryReplyBytes(count: number, shape?: Shape): number {
  return count * maxProtoRowBytes(count - 1, shape);
}

/** What a stream reserves: its stream budget, or all of its rows (by the shape's bound) when they are fewer. */
export function streamReplyBytes(
  param: Pick<StreamSamplesParam, 'count' | 'offset'>,
  bufferBytes: number,
  shape?: Shape,
): number {
  return Math.min(bufferBytes, param.count * maxProtoRowBytes(param.offset + param.count - 1, shape));
}

/**
 * A stream reserves what it may hold: its stream budget, or all of its rows (by the shape's bound) when they are fewer.
 */
export function admitStream(
  budget: InflightBudget,
  param: StreamSamplesParam,
  bufferBytes: number,
  call: CancellableCall,
  shape?: Shape,
): Admission {
  return admit(budget, streamReplyBytes(param, bufferBytes, shape), call, false);
}

/** Ties a unary reservation to its reply, for serverTimingInterceptor to release when the status goes out. */
export function holdForReply<T extends object>(reply: T, reservation: Reservation): T {
  replyPhases(reply, true)!.release = reservation.release;
  return reply;
}

function admit(budget: InflightBudget, bytes: number, call: CancellableCall, leavesGarbage: boolean): Admission {
  // Its 'cancelled' has fired already and would never release what is reserved now.
  if (call.cancelled) return { code: status.CANCELLED, details: 'the client cancelled the call' };
  const outcome = budget.reserve(bytes, leavesGarbage);
  if (isRefusal(outcome)) return toGrpcRefusal(outcome);
  call.once('cancelled', outcome.release);
  return outcome;
}

function toGrpcRefusal(refusal: BudgetRefusal): GrpcRefusal {
  return {
    code: refusal.kind === 'busy' ? status.RESOURCE_EXHAUSTED : status.INVALID_ARGUMENT,
    details: describeRefusal(refusal),
  };
}
