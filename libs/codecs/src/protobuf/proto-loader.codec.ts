import { loadSync, type MethodDefinition } from '@grpc/proto-loader';
import { LOADER_OPTIONS, rowsPieceEncoder } from '@app/grpc';
import { canonicalFromProtobuf, findProtoFile, type JsonRow, type MessageRow, type Shape } from '@app/shapes';
import { perShape } from '../per-shape';
import { asBuffer } from './as-buffer';
import type { ProtobufCodec, ShapeProtobufCodec } from './protobuf-codec.interface';

type Reply = Record<string, MessageRow[]>;

/** The shape's unary method as proto-loader defines it for grpc-js, with the servers' LOADER_OPTIONS. */
function unaryMethod(shape: Shape): MethodDefinition<unknown, Reply> {
  const definition = loadSync(findProtoFile(shape.protoFile), LOADER_OPTIONS);
  const service = definition[shape.grpcService] as Record<string, MethodDefinition<unknown, Reply>> | undefined;
  const method = service?.[shape.unaryMethod];
  if (!method) throw new Error(`${shape.protoFile} has no ${shape.grpcService}.${shape.unaryMethod}`);
  return method;
}

/**
 * Today's path, and the reference bytes: the very response (de)serializer grpc-js calls, proto-loader's
 * `encode(fromObject(reply))` over protobufjs reflection. The rows need no conversion (they are its object form), but
 * its serialize phase includes the `fromObject` copy of every row.
 */
export const protoLoaderCodec: ProtobufCodec = {
  name: 'proto-loader',
  description:
    "@grpc/proto-loader's serializer, as grpc-js and Nest run it: protobufjs reflection, a fromObject copy, " +
    'then encode',
  writesSetDefaults: true,
  forShape: perShape((shape): ShapeProtobufCodec<Reply, Reply> => {
    const method = unaryMethod(shape);
    return {
      prepare: (rows) => ({ [shape.rowsField]: rows as MessageRow[] }),
      encode: (reply) => method.responseSerialize(reply),
      // The same encode cut at row boundaries into one writer (the servers' large replies).
      pieceEncoder: () => rowsPieceEncoder(shape),
      decode: (bytes) => method.responseDeserialize(asBuffer(bytes)),
      rowCount: (reply) => reply[shape.rowsField].length,
      toJsonRows: (reply): JsonRow[] => reply[shape.rowsField].map((row) => canonicalFromProtobuf(shape, row)),
    };
  }),
};
