import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { finalize, Observable } from 'rxjs';
import { RunProgress } from '@app/bench';
import { CallAdmission } from './call-admission.service';
import { attachProgress } from './call-progress.decorator';
import { ProgressLog } from './progress-log';

/**
 * On the controllers whose calls measure (bench, load): each call holds a slot from entry until its answer is
 * settled, cancelled calls included, since their work stops only at the next request boundary. Meanwhile where it
 * is (its RunProgress, @CallProgress() in the handler) is listed at GET /client/progress and logged every few seconds.
 */
@Injectable()
export class MeasurementInterceptor implements NestInterceptor {
  constructor(
    private readonly admission: CallAdmission,
    private readonly progressLog: ProgressLog,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const call = `${request.method} ${request.originalUrl}`;
    const progress = new RunProgress();
    const release = this.admission.enter(call, progress);
    attachProgress(request, progress);
    const stopLog = this.progressLog.follow(call, progress);
    return next.handle().pipe(
      finalize(() => {
        stopLog();
        release();
      }),
    );
  }
}
