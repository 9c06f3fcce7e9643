import type { PackageDefinition } from '@grpc/proto-loader';
import { getShape, ShapeName } from '@app/shapes';
import type { FetchedRows, TargetInfo } from './rows-transport.interface';
import { TransportError } from './transport-errors';
import { shapeGrpcMethods } from './shape-grpc-methods';

/**
 * A protobuf body (the shape's rows message, as `proto-http` asks for it) as rows, by the deserializer a gRPC client
 * of that shape uses (its unary method's response deserializer), so protobuf over HTTP and gRPC decode alike. The
 * rows stay in the deserializer's form (rowForm `protobuf`). Bytes that are not the message are a bad response, named.
 */
export function decodeProtobufRows(body: Buffer, target: TargetInfo, shape: ShapeName, pkg?: PackageDefinition): FetchedRows {
  const { rowsMessage, rowsField } = getShape(shape);
  const deserialize = shapeGrpcMethods(shape, pkg).unary.responseDeserialize;
  let decoded: Record<string, unknown>;
  try {
    decoded = deserialize(body) as Record<string, unknown>;
  } catch (error) {
    throw new TransportError('bad-response', target, `body is not a protobuf ${rowsMessage} message (${(error as Error).message})`);
  }
  const rows = decoded?.[rowsField];
  if (!Array.isArray(rows)) throw new TransportError('bad-response', target, `body has no "${rowsField}" array`);
  return { rows, payloadBytes: body.length };
}
