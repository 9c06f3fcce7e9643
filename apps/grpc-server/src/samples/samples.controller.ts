import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { Metadata } from '@grpc/grpc-js';
import { GetSamplesParam, SAMPLE_SERVICE, Samples, SampleServiceController } from '@app/grpc';
import { SamplesService } from './samples.service';

/** `sample.SampleService/GetSamples`, the proto's only method. */
@Controller()
export class SamplesController implements SampleServiceController {
  constructor(private readonly samples: SamplesService) {}

  @GrpcMethod(SAMPLE_SERVICE, 'GetSamples')
  getSamples(param: GetSamplesParam, metadata: Metadata): Samples {
    return this.samples.getSamples(param.count, metadata);
  }
}
