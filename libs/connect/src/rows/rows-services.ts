import type { DescService } from '@bufbuild/protobuf';
import { PROTOBUF_ES_REGISTRY } from '@app/codecs';
import { servedShapes, type Shape } from '@app/shapes';
import { withWideIntRequests } from './wide-int-requests';

/**
 * The generated service of every served shape that has one (sample.SampleService for the article's row, then
 * wirebench.shapes.NumericService, ...): what the Connect servers serve. The user's own message is left out: its
 * service is declared at run time from their proto, and connect-es serves generated descriptors only. Their request
 * messages read int32 fields whole (withWideIntRequests), so an out-of-range count is refused, not truncated.
 */
export function rowsServices(shapes: Shape[] = servedShapes()): DescService[] {
  return withWideIntRequests(shapes.flatMap((shape) => PROTOBUF_ES_REGISTRY.getService(shape.grpcService) ?? []));
}

/** The shape a service serves, by its fully-qualified name (read per call, so a configured shape's settings apply). */
export function shapeOfService(service: DescService, shapes: Shape[] = servedShapes()): Shape {
  const shape = shapes.find((s) => s.grpcService === service.typeName);
  if (!shape) throw new Error(`no served shape has the service ${service.typeName}`);
  return shape;
}
