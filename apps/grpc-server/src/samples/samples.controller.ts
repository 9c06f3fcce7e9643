import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { Metadata, ServerUnaryCall, ServerWritableStream } from '@grpc/grpc-js';
import { Observable } from 'rxjs';
import { GetSamplesParam, SAMPLE_SERVICE, Samples, SampleServiceController, StreamSamplesParam } from '@app/grpc';
import { SamplesService } from './samples.service';

/** `sample.SampleService`: GetSamples and StreamSamples. */
@Controller()
export class SamplesController implements SampleServiceController {
  constructor(private readonly samples: SamplesService) {}

  @GrpcMethod(SAMPLE_SERVICE, 'GetSamples')
  getSamples(param: GetSamplesParam, metadata: Metadata, call: ServerUnaryCall<GetSamplesParam, Samples>): Promise<Samples> {
    return this.samples.getSamples(param, metadata, call);
  }

  // @GrpcMethod, not @GrpcStreamCall: Nest 11 honours GrpcStreamCall only for methods with a request stream. For a
  // server stream it passes the grpc-js call as the third argument, which is what lets the service wait for 'drain'.
  @GrpcMethod(SAMPLE_SERVICE, 'StreamSamples')
  streamSamples(param: StreamSamplesParam, _metadata: Metadata, call: ServerWritableStream<StreamSamplesParam, Samples>): Observable<never> {
    return this.samples.streamSamples(param, call);
  }
}
