import { setMaxListeners } from 'node:events';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';

/**
 * An AbortSignal that fires when the caller goes away before its answer is sent, so a measurement nobody waits
 * for stops instead of costing seconds of CPU on both sides.
 */
export const CallSignal = createParamDecorator((_: unknown, ctx: ExecutionContext): AbortSignal => {
  const response = ctx.switchToHttp().getResponse<Response>();
  const controller = new AbortController();
  // Every request of a parallel run (up to MAX_REQUESTS in flight) listens to it: that many listeners are intended,
  // not the leak Node warns about past 10.
  setMaxListeners(0, controller.signal);
  // 'close' also follows a normal answer; only a close before the reply is fully written means the caller left.
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
});
