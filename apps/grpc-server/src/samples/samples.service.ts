import { Inject, Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { rows } from '@app/data-generator';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import type { Samples } from '@app/grpc';

/** Rows for one reply, after checking the count against the configured limit. */
@Injectable()
export class SamplesService {
  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  getSamples(count: number): Samples {
    const max = this.config.limits.maxRows;
    if (!Number.isInteger(count) || count < 0 || count > max) {
      throw new RpcException({ code: status.INVALID_ARGUMENT, message: `count must be an integer from 0 to ${max}, got ${count}` });
    }
    return { samples: rows(count) };
  }
}
