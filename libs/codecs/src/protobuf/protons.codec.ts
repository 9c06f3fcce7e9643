import { util } from 'protobufjs';
import { canonicalFromProtobuf, loadProtoRoot, type JsonRow, type MessageRow, type Shape } from '@app/shapes';
import * as sampleCode from '../generated/protons/sample';
import * as shapesCode from '../generated/protons/shapes';
import { perShape } from '../per-shape';
import { joinedPieceEncoder } from './joined-piece-encoder';
import type { ProtobufCodec, ShapeProtobufCodec } from './protobuf-codec.interface';
import { protonsForm } from './protons-form';
import { protonsFieldReason, unsupportedFields } from './unsupported-fields';

type Plain = Record<string, unknown>;
interface ProtonsMessage {
  encode(message: Plain): Uint8Array;
  decode(bytes: Uint8Array): Plain;
}

// protons compiles each proto file without its package (scripts/generate-protons.mjs): how a full name finds its code.
const MODULES: Record<string, Record<string, unknown>> = { sample: sampleCode, 'wirebench.shapes': shapesCode };

function generated(fullName: string): ProtonsMessage {
  const dot = fullName.lastIndexOf('.');
  const message = MODULES[fullName.slice(0, dot)]?.[fullName.slice(dot + 1)] as ProtonsMessage | undefined;
  if (typeof message?.encode !== 'function' || typeof message.decode !== 'function')
    throw new Error(`protons has no generated ${fullName}: regenerate the codecs (npm run generate)`);
  return message;
}

/**
 * protons (libp2p's protobuf compiler) with code compiled from proto/ at build time and bundled with protons-runtime
 * (scripts/generate-protons.mjs): one encode and one decode per message, plain objects with lowerCamelCase fields,
 * bigint for 64-bit integers, Maps for maps, enums as names. The generate side pays the conversion from proto-loader's
 * form (protons-form.ts); its writer grows in chunks joined once, and takes no size up front. Presence, maps, enums and
 * nested messages are carried; 64-bit integers are refused, naming the fields (unsupported-fields.ts says why).
 */
export const protonsCodec: ProtobufCodec = {
  name: 'protons',
  description: "protons' compiled encode/decode (protons + protons-runtime, bundled at build time): bigint, Map",
  writesSetDefaults: false,
  forShape: perShape((shape: Shape): ShapeProtobufCodec<Plain, Plain> => {
    const root = loadProtoRoot(shape.protoFile);
    const rowType = root.lookupType(shape.rowMessage);
    const refused = unsupportedFields(rowType, protonsFieldReason);
    if (refused) throw new Error(`protons cannot carry ${refused}`);
    const message = generated(shape.rowsMessage);
    const replyForm = protonsForm(root.lookupType(shape.rowsMessage));
    const rowForm = protonsForm(rowType);
    const rowsKey = util.camelCase(shape.rowsField);
    const rowsOf = (reply: Plain) => (reply[rowsKey] ?? []) as Plain[];
    return {
      prepare: (rows) => replyForm.toProtons({ [shape.rowsField]: rows }),
      encode: (reply) => message.encode(reply),
      pieceEncoder: () => joinedPieceEncoder((piece: Plain) => message.encode(piece)),
      decode: (bytes) => message.decode(bytes),
      rowCount: (reply) => rowsOf(reply).length,
      toJsonRows: (reply): JsonRow[] =>
        rowsOf(reply).map((row) => canonicalFromProtobuf(shape, rowForm.fromProtons(row) as MessageRow)),
    };
  }),
};
