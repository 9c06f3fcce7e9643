import { createClient, type Client } from '@connectrpc/connect';
import type { DescService } from '@bufbuild/protobuf';
import { getProtobufCodec, protobufEsService, type ShapeProtobufCodec } from '@app/codecs';
import { getShape, type ShapeName } from '@app/shapes';
import type { ConnectClient } from './connect-client';

/**
 * One shape's two calls on a connect-es client, and the protobuf-es codec whose toJsonRows turns a reply into what the
 * checksum reads.
 */
export interface ConnectShapeCalls {
  client: Client<DescService>;
  /** The client methods' names (protobuf-es's localName of the shape's unaryMethod / streamMethod). */
  unary: string;
  stream: string;
  codec: ShapeProtobufCodec;
}

/**
 * The shape's service as protobuf-es generated it, on `connect`'s transport. connect-es hands replies back as
 * protobuf-es messages, the form @app/codecs' protobuf-es codec decodes to, so its toJsonRows (protobuf-es's proto3
 * JSON printer) is the adapter to the canonical form: the engine calls it after the clock (rowForm `serializer`).
 */
export function connectShapeCalls(connect: ConnectClient, shapeName: ShapeName): ConnectShapeCalls {
  const shape = getShape(shapeName);
  const service = protobufEsService(shape);
  const localName = (name: string) => {
    const method = service.methods.find((m) => m.name === name);
    if (!method) throw new Error(`${shape.grpcService} has no method ${name}`);
    return method.localName;
  };
  return {
    client: createClient(service, connect.transport),
    unary: localName(shape.unaryMethod),
    stream: localName(shape.streamMethod),
    codec: getProtobufCodec('protobuf-es').forShape(shape),
  };
}
