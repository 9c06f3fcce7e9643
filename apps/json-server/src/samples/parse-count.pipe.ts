import { BadRequestException, Inject, Injectable, PipeTransform } from '@nestjs/common';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { parseCount } from '@app/serving';

/**
 * `:count` must be a plain integer from 0 to MAX_ROWS (the bare server's rule, one function); the 400 names the
 * parameter and the limit.
 */
@Injectable()
export class ParseCountPipe implements PipeTransform<string, number> {
  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  transform(value: string): number {
    const parsed = parseCount(value, this.config.limits.maxRows);
    if ('error' in parsed) throw new BadRequestException(parsed.error);
    return parsed.count;
  }
}
