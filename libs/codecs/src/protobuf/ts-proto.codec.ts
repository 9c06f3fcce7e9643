import { BinaryWriter } from '@bufbuild/protobuf/wire';
import { canonicalFromProtobuf, type JsonRow, type MessageRow, type Shape } from '@app/shapes';
import * as sampleModule from '../generated/ts-proto/sample';
import * as shapesModule from '../generated/ts-proto/shapes';
import { perShape } from '../per-shape';
import type { ProtobufCodec, ShapeProtobufCodec } from './protobuf-codec.interface';

type Reply = Record<string, MessageRow[]>;
interface TsProtoMessage {
  encode(message: Reply, writer?: BinaryWriter): BinaryWriter;
  decode(bytes: Uint8Array): Reply;
}

// ts-proto writes one module per proto file, each naming its package: how a fully-qualified name finds its message.
const MODULES: readonly { protobufPackage: string }[] = [sampleModule, shapesModule];

function tsProtoMessage(fullName: string): TsProtoMessage {
  const dot = fullName.lastIndexOf('.');
  const module = MODULES.find((m) => m.protobufPackage === fullName.slice(0, dot)) as
    Record<string, unknown> | undefined;
  const message = module?.[fullName.slice(dot + 1)] as TsProtoMessage | undefined;
  if (typeof message?.encode !== 'function')
    throw new Error(`ts-proto has no generated ${fullName}: regenerate the codecs (npm run generate)`);
  return message;
}

/**
 * ts-proto's generated encoder and decoder (protoc-gen-ts_proto through `buf generate`; options in
 * libs/codecs/buf.gen.yaml): set to proto-loader's object form (the proto's names, 64-bit integers as strings, enums
 * as names, Timestamps as { seconds, nanos }), so the rows go to `encode` as they are and nothing is copied before
 * it. Its decoder gives the same form back (bytes as Uint8Array).
 */
export const tsProtoCodec: ProtobufCodec = {
  name: 'ts-proto',
  description:
    "ts-proto's generated encode/decode (via buf generate; forceLong=string, proto names, string enums) on " +
    "@bufbuild/protobuf's wire writer",
  writesSetDefaults: false,
  forShape: perShape((shape: Shape): ShapeProtobufCodec<Reply, Reply> => {
    const message = tsProtoMessage(shape.rowsMessage);
    return {
      prepare: (rows) => ({ [shape.rowsField]: rows as MessageRow[] }),
      encode: (reply) => message.encode(reply).finish(),
      // ts-proto's encode writes the message's fields into the writer it is given: each piece's records, in order.
      pieceEncoder: () => {
        const writer = new BinaryWriter();
        return { add: (piece) => void message.encode(piece, writer), finish: () => writer.finish() };
      },
      decode: (bytes) => message.decode(bytes),
      rowCount: (reply) => reply[shape.rowsField].length,
      toJsonRows: (reply): JsonRow[] => reply[shape.rowsField].map((row) => canonicalFromProtobuf(shape, row)),
    };
  }),
};
