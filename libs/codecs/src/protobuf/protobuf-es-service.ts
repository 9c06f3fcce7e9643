import type { DescService } from '@bufbuild/protobuf';
import type { Shape } from '@app/shapes';
import { PROTOBUF_ES_REGISTRY } from './protobuf-es-services';

/**
 * A shape's gRPC service (shape.grpcService) as protobuf-es generated it: the descriptor connect-es serves and calls
 * (its methods' paths, request and reply schemas). proto/'s shapes only: a user's own message has no generated code.
 */
export function protobufEsService(shape: Pick<Shape, 'name' | 'grpcService'>): DescService {
  const service = PROTOBUF_ES_REGISTRY.getService(shape.grpcService);
  if (!service)
    throw new Error(
      `protobuf-es has no ` +
        `generated ${shape.grpcService} (shape ${shape.name}): only proto/'s shapes have generated code; ` +
        `regenerate with npm run generate`,
    );
  return service;
}
