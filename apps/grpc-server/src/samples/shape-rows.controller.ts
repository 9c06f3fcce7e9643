import { Controller, Inject, Type } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { Metadata, ServerUnaryCall, ServerWritableStream } from '@grpc/grpc-js';
import { Observable } from 'rxjs';
import type { Shape } from '@app/shapes';
import type { GetSamplesParam, StreamSamplesParam } from '@app/grpc';
import { SamplesService } from './samples.service';

/**
 * The controller of one shape's gRPC service (`sample.SampleService` GetSamples/StreamSamples for the article's row,
 * `wirebench.shapes.<Shape>Service` GetRows/StreamRows for the others), built from its registry entry.
 *
 * @GrpcMethod is a decorator, and decorators are static: a class written by hand names one service. So this function
 * writes the class: it applies GrpcMethod to the two methods as a function call, with the service and method names
 * the shape gives (Nest matches them by the service's name within its package), and GrpcServerModule registers one
 * such class per shape of servedShapes(). A new shape in the registry is served without a line here.
 */
export function shapeRowsController(shape: Shape): Type<unknown> {
  @Controller()
  class ShapeRowsController {
    constructor(@Inject(SamplesService) private readonly samples: SamplesService) {}

    getRows(
      param: GetSamplesParam,
      metadata: Metadata,
      call: ServerUnaryCall<GetSamplesParam, object>,
    ): Promise<object> {
      return this.samples.getRows(shape, param, metadata, call);
    }

    // Nest 11 honours GrpcStreamCall only for methods with a request stream; for a server stream GrpcMethod passes
    // the grpc-js call as the third argument, which is what lets the service wait for 'drain'.
    streamRows(
      param: StreamSamplesParam,
      metadata: Metadata,
      call: ServerWritableStream<StreamSamplesParam, object>,
    ): Observable<never> {
      return this.samples.streamRows(shape, param, metadata, call);
    }
  }

  const service = shape.grpcService.slice(shape.grpcService.lastIndexOf('.') + 1);
  const prototype = ShapeRowsController.prototype;
  GrpcMethod(service, shape.unaryMethod)(prototype, 'getRows', Object.getOwnPropertyDescriptor(prototype, 'getRows')!);
  GrpcMethod(service, shape.streamMethod)(
    prototype,
    'streamRows',
    Object.getOwnPropertyDescriptor(prototype, 'streamRows')!,
  );
  // One class per shape, each named after its service, so Nest's logs and errors say which.
  Object.defineProperty(ShapeRowsController, 'name', { value: `${service}Controller` });
  return ShapeRowsController;
}
