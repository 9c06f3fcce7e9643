import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { RunProgress } from '@app/bench';

const PROGRESS = Symbol('wirebench call progress');

type WithProgress = Request & { [PROGRESS]?: RunProgress };

/** Hands a call's RunProgress to its handler: MeasurementInterceptor made it and lists it at GET /client/progress. */
export function attachProgress(request: Request, progress: RunProgress): void {
  (request as WithProgress)[PROGRESS] = progress;
}

/** The RunProgress the engine keeps up to date for this call (undefined outside MeasurementInterceptor). */
export const CallProgress = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): RunProgress | undefined =>
    ctx.switchToHttp().getRequest<WithProgress>()[PROGRESS],
);
