import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { finalize, Observable } from 'rxjs';
import { CallAdmission } from './call-admission.service';

/**
 * On the controllers whose calls measure (bench, load): each call holds a slot from entry until its answer is
 * settled, cancelled calls included, since their work stops only at the next request boundary.
 */
@Injectable()
export class MeasurementInterceptor implements NestInterceptor {
  constructor(private readonly admission: CallAdmission) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const release = this.admission.enter(`${request.method} ${request.originalUrl}`);
    return next.handle().pipe(finalize(release));
  }
}
