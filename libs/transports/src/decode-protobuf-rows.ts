import { rowsCodec } from '@app/grpc';
import { getProtobufCodec } from '@app/codecs';
import { getShape, ShapeName } from '@app/shapes';
import type { FetchedRows, TargetInfo } from '@app/bench';
import { TransportError } from '@app/bench';

/**
 * A protobuf body (the shape's rows message, as `proto-http` asks for it) as rows, by the deserializer a gRPC client
 * of that shape uses (@app/grpc's rowsCodec: its unary method's), so protobuf over HTTP and gRPC decode alike. The
 * rows stay in the deserializer's form (rowForm `protobuf`). Bytes that are not the message are a bad response, named.
 */
export function decodeProtobufRows(
  body: Buffer,
  target: TargetInfo,
  shape: ShapeName,
  serializer?: string,
): FetchedRows {
  if (serializer !== undefined) return decodeWithSerializer(body, target, shape, serializer);
  const { rowsMessage, rowsField } = getShape(shape);
  let decoded: Record<string, unknown>;
  try {
    decoded = rowsCodec(getShape(shape)).deserialize(body);
  } catch (error) {
    throw new TransportError(
      'bad-response',
      target,
      `body is not a protobuf ${rowsMessage} message (${(error as Error).message})`,
    );
  }
  const rows = decoded?.[rowsField];
  if (!Array.isArray(rows)) throw new TransportError('bad-response', target, `body has no "${rowsField}" array`);
  return { rows, payloadBytes: body.length };
}

/**
 * The body decoded by the protobuf serializer the request named (proto-http-static), as GrpcTransport does for
 * grpc-static: the reply stays in its form (rowForm `serializer`) and its toJsonRows, called by the engine after the
 * clock, gives what the checksum reads.
 */
function decodeWithSerializer(body: Buffer, target: TargetInfo, shape: ShapeName, serializer: string): FetchedRows {
  const codec = getProtobufCodec(serializer).forShape(getShape(shape));
  let decoded: unknown;
  try {
    decoded = codec.decode(body);
  } catch (error) {
    throw new TransportError(
      'bad-response',
      target,
      `body is not a protobuf ${getShape(shape).rowsMessage} message (${serializer}: ${(error as Error).message})`,
    );
  }
  return { rows: [], jsonRows: () => codec.toJsonRows(decoded), payloadBytes: body.length };
}
