import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { GetSamplesParam, SAMPLE_SERVICE, Samples, SampleServiceController } from '@app/grpc';
import { SamplesService } from './samples.service';

/** `sample.SampleService/GetSamples`, the proto's only method. */
@Controller()
export class SamplesController implements SampleServiceController {
  constructor(private readonly samples: SamplesService) {}

  @GrpcMethod(SAMPLE_SERVICE, 'GetSamples')
  getSamples(param: GetSamplesParam): Samples {
    return this.samples.getSamples(param.count);
  }
}
