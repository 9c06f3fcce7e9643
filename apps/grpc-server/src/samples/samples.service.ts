import { Inject, Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Metadata, status } from '@grpc/grpc-js';
import { Observable } from 'rxjs';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { getSamplesProblem, InvalidSliceRowsError, readSliceRows, samplesReply, streamSamplesProblem, writeSampleChunks } from '@app/grpc';
import type { GetSamplesParam, Samples, SamplesWritable, StreamSamplesParam } from '@app/grpc';

/** Rows for one reply or one stream, after checking the request against the limits. */
@Injectable()
export class SamplesService {
  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  getSamples(param: GetSamplesParam, metadata: Metadata): Samples {
    const max = this.config.limits.maxRows;
    const problem = getSamplesProblem(param, max);
    if (problem !== null) throw new RpcException({ code: status.INVALID_ARGUMENT, message: problem });
    let sliceRows: number | null;
    try {
      sliceRows = readSliceRows(metadata, max);
    } catch (error) {
      if (error instanceof InvalidSliceRowsError) throw new RpcException({ code: status.INVALID_ARGUMENT, message: error.message });
      throw error;
    }
    return samplesReply(param.count, sliceRows);
  }

  /**
   * The stream as an Observable that emits nothing: the shared chunk loop writes the messages to the call itself,
   * waiting for 'drain' (an Observable that emitted the chunks would be drained by Nest into an unbounded queue),
   * and completes it when the rows are written or the client cancelled; Nest then ends the call (already ended).
   */
  streamSamples(param: StreamSamplesParam, call: SamplesWritable): Observable<never> {
    const problem = streamSamplesProblem(param, { maxStreamRows: this.config.limits.maxStreamRows, maxRows: this.config.limits.maxRows });
    if (problem !== null) throw new RpcException({ code: status.INVALID_ARGUMENT, message: problem });
    return new Observable<never>((subscriber) => {
      writeSampleChunks(call, param).then(
        () => subscriber.complete(),
        (error: unknown) => subscriber.error(error),
      );
    });
  }
}
