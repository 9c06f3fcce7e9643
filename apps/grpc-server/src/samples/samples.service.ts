import { Inject, Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Metadata, status } from '@grpc/grpc-js';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { InvalidSliceRowsError, readSliceRows, samplesReply } from '@app/grpc';
import type { Samples } from '@app/grpc';

/** Rows for one reply, after checking the count (and the slice size a grpc-sliced client asks for) against the limits. */
@Injectable()
export class SamplesService {
  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  getSamples(count: number, metadata: Metadata): Samples {
    const max = this.config.limits.maxRows;
    if (!Number.isInteger(count) || count < 0 || count > max) {
      throw new RpcException({ code: status.INVALID_ARGUMENT, message: `count must be an integer from 0 to ${max}, got ${count}` });
    }
    let sliceRows: number | null;
    try {
      sliceRows = readSliceRows(metadata, max);
    } catch (error) {
      if (error instanceof InvalidSliceRowsError) throw new RpcException({ code: status.INVALID_ARGUMENT, message: error.message });
      throw error;
    }
    return samplesReply(count, sliceRows);
  }
}
