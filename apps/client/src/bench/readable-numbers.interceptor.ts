import { readableNumbers } from '@app/printers';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { map, Observable } from 'rxjs';
import { parseSwitch } from './parse-flags';

/**
 * On the controllers that measure: the reply's numbers rounded to what the measurement supports (readableNumbers),
 * unless `?raw=1` asks for them as measured (the bench CLI does, to write its files). Saved runs (`save=1`) are
 * written before this, from the raw result.
 */
@Injectable()
export class ReadableNumbersInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Checked here, before the handler measures anything: a bad value costs nothing.
    const raw = parseSwitch('raw', context.switchToHttp().getRequest<Request>().query?.raw);
    return raw ? next.handle() : next.handle().pipe(map(readableNumbers));
  }
}
