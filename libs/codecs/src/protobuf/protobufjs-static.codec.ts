import { Writer } from 'protobufjs';
import { canonicalFromProtobuf, loadProtoRoot, type JsonRow, type MessageRow, type Shape } from '@app/shapes';
import * as staticCode from '../generated/protobufjs/static';
import type * as StaticTypes from '../generated/protobufjs/static-types.d';
import { perShape } from '../per-shape';
import { enumsAsNumbers } from './enum-numbers';
import type { ProtobufCodec, ShapeProtobufCodec } from './protobuf-codec.interface';

type Reply = Record<string, MessageRow[]>;
interface StaticMessage {
  encode(message: object, writer?: Writer): Writer;
  decode(bytes: Uint8Array): Reply;
}

// pbjs's module, typed by pbts's declarations (its JavaScript is compiled without type checks).
const root = staticCode as unknown as typeof StaticTypes;

/** The generated class of a fully-qualified message name (`wirebench.shapes.NumericRows`). */
function staticMessage(fullName: string): StaticMessage {
  const found = fullName
    .split('.')
    .reduce<unknown>((namespace, part) => (namespace as Record<string, unknown> | undefined)?.[part], root);
  if (typeof (found as StaticMessage | undefined)?.encode !== 'function')
    throw new Error(`the protobufjs static module has no ${fullName}: regenerate it (npm run generate)`);
  return found as StaticMessage;
}

/**
 * protobufjs's generated static code (`pbjs -t static-module --keep-case`, pbts for its types): the same writer as
 * proto-loader, called directly, without the `fromObject` copy of every row. The generate side pays what that copy
 * did that `encode` needs: enum names to numbers (only the shapes with enums; the others pass through uncopied).
 * Decoded rows are its classes' instances: Long for 64-bit integers, numbers for enums, defaults on the prototype.
 */
export const protobufjsStaticCodec: ProtobufCodec = {
  name: 'protobufjs-static',
  description:
    "protobufjs-cli's generated static code (pbjs static-module + pbts): the same writer as proto-loader, " +
    'without the fromObject copy',
  writesSetDefaults: true,
  forShape: perShape((shape: Shape): ShapeProtobufCodec<Reply, Reply> => {
    const message = staticMessage(shape.rowsMessage);
    const toEncoderForm = enumsAsNumbers(loadProtoRoot(shape.protoFile).lookupType(shape.rowMessage));
    return {
      prepare: (rows) => ({ [shape.rowsField]: rows.map((row) => toEncoderForm(row as Record<string, unknown>)) }),
      encode: (reply) => message.encode(reply).finish(),
      // The generated encode appends a message's fields to the writer it is given: each piece's records, in order.
      pieceEncoder: () => {
        const writer = Writer.create();
        return { add: (piece) => void message.encode(piece, writer), finish: () => writer.finish() };
      },
      decode: (bytes) => message.decode(bytes),
      rowCount: (reply) => reply[shape.rowsField].length,
      toJsonRows: (reply): JsonRow[] => reply[shape.rowsField].map((row) => canonicalFromProtobuf(shape, row)),
    };
  }),
};
