import { BadRequestException, Inject, Injectable, PipeTransform } from '@nestjs/common';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';

/** `:count` must be a plain integer from 0 to MAX_ROWS; the 400 names the parameter and the limit. */
@Injectable()
export class ParseCountPipe implements PipeTransform<string, number> {
  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  transform(value: string): number {
    const max = this.config.limits.maxRows;
    if (!/^\d{1,16}$/.test(value) || Number(value) > max) {
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        parameter: 'count',
        limit: max,
        message: `count must be an integer from 0 to ${max}, got ${JSON.stringify(value)}`,
      });
    }
    return Number(value);
  }
}
