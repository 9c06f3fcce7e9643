import type { CallOptions } from '@grpc/grpc-js';
import { decodeTimingOf } from './measured-package-definition';
import { PhaseClock } from './phase-clock';
import type { ClientPhases } from '@app/bench';

/** The call option under which a call carries its GrpcCallPhases to grpcPhaseInterceptor. */
export const GRPC_CALL_PHASES = Symbol('wirebench.grpcCallPhases');

/**
 * One gRPC call's phase stamps. The transport makes one per call and passes it in that call's options, so
 * grpcPhaseInterceptor stamps this call's clock and no other, however many calls are in flight.
 */
export class GrpcCallPhases {
  readonly clock = new PhaseClock();
  /** Set by grpcPhaseInterceptor: a client built without it cannot see headers or trailers. */
  intercepted = false;

  /** grpc-js copies call options (symbol keys included) into what each interceptor receives. */
  callOptions(): CallOptions {
    return { [GRPC_CALL_PHASES]: this } as CallOptions;
  }

  /** The phases once the reply is in: last byte and decode from the reply's deserializer stamps. */
  finish(reply: object): ClientPhases {
    this.received(reply);
    return this.finishStream();
  }

  /**
   * One message arrived (a stream calls this per message): its decode start is the last byte so far, its decode
   * adds to the total. A message without stamps leaves a note, once.
   */
  received(message: object): void {
    const decode = decodeTimingOf(message);
    if (decode) {
      this.clock.lastByte(decode.startedAt);
      this.clock.add('decode', decode.ms);
    } else if (!this.undecoded) {
      this.undecoded = true;
      this.clock.note('no decode timing: the client was built without withPayloadByteCounts');
    }
  }

  /** The phases once the last message is in (and the status with its trailer, which comes before completion). */
  finishStream(): ClientPhases {
    if (!this.intercepted)
      this.clock.note('no response headers or trailers seen: the client was built without grpcPhaseInterceptor');
    return this.clock.phases();
  }

  private undecoded = false;
}

/** The GrpcCallPhases a call carries in its options, if any. */
export function grpcCallPhasesOf(options: object): GrpcCallPhases | undefined {
  return (options as { [GRPC_CALL_PHASES]?: GrpcCallPhases })[GRPC_CALL_PHASES];
}
