import { rowsCodec } from '@app/grpc';
import { getShape, ShapeName } from '@app/shapes';
import type { FetchedRows, TargetInfo } from './rows-transport.interface';
import { TransportError } from './transport-errors';

/**
 * A protobuf body (the shape's rows message, as `proto-http` asks for it) as rows, by the deserializer a gRPC client
 * of that shape uses (@app/grpc's rowsCodec: its unary method's), so protobuf over HTTP and gRPC decode alike. The
 * rows stay in the deserializer's form (rowForm `protobuf`). Bytes that are not the message are a bad response, named.
 */
export function decodeProtobufRows(body: Buffer, target: TargetInfo, shape: ShapeName): FetchedRows {
  const { rowsMessage, rowsField } = getShape(shape);
  let decoded: Record<string, unknown>;
  try {
    decoded = rowsCodec(getShape(shape)).deserialize(body);
  } catch (error) {
    throw new TransportError('bad-response', target, `body is not a protobuf ${rowsMessage} message (${(error as Error).message})`);
  }
  const rows = decoded?.[rowsField];
  if (!Array.isArray(rows)) throw new TransportError('bad-response', target, `body has no "${rowsField}" array`);
  return { rows, payloadBytes: body.length };
}
