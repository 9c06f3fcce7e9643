import { PbfReader, PbfWriter } from 'pbf';
import { canonicalFromProtobuf, loadProtoRoot, type JsonRow, type MessageRow, type Shape } from '@app/shapes';
import * as sampleCode from '../generated/pbf/sample';
import * as shapesCode from '../generated/pbf/shapes';
import { perShape } from '../per-shape';
import { enumsAsNumbers } from './enum-numbers';
import { pbfFieldReason, unsupportedFields } from './unsupported-fields';
import type { ProtobufCodec, ShapeProtobufCodec } from './protobuf-codec.interface';

type Reply = Record<string, MessageRow[]>;
type Write = (message: object, pbf: PbfWriter) => void;
type Read = (pbf: PbfReader) => Reply;

// pbf writes one module per proto file and names each message without its package: how a full name finds its code.
const MODULES: Record<string, Record<string, unknown>> = { sample: sampleCode, 'wirebench.shapes': shapesCode };
// The widest row number (int32), so one row's bound holds for every row of a reply.
const WIDEST_ROW_NUM = 2 ** 31 - 1;

function generated(fullName: string): { write: Write; read: Read } {
  const dot = fullName.lastIndexOf('.');
  const code = MODULES[fullName.slice(0, dot)];
  const name = fullName.slice(dot + 1);
  const write = code?.[`write${name}`] as Write | undefined;
  const read = code?.[`read${name}`] as Read | undefined;
  if (typeof write !== 'function' || typeof read !== 'function')
    throw new Error(`pbf has no generated ${fullName}: regenerate the codecs (npm run generate)`);
  return { write, read };
}

/**
 * pbf (Mapbox's protocol buffers for JavaScript) with code compiled from proto/ by pbf/compile at build time
 * (scripts/generate-pbf.mjs): one write and one read function per message over its own writer and reader, fields by
 * the proto's names. The generate side pays enum names to numbers (only the shapes with enums); 64-bit integers and
 * fields with presence it cannot carry exactly, so those shapes are refused, naming the fields. `sized`: the writer
 * starts at the reply's bound (rows × the shape's largest record) instead of growing by doubling from 16 bytes.
 * pbf is an ES module, loaded by Node's require of ES modules (Node 20.19+, 22.12+); Jest's CommonJS runtime cannot do
 * that before Node 24.9, so the Jest config maps `pbf` to the package's bundle of the same code (dist/pbf.js).
 */
function pbfCodec(name: string, sized: boolean): ProtobufCodec {
  return {
    name,
    description: sized
      ? "pbf's compiled write/read, the writer sized to the reply's bound up front (no growing copies)"
      : "pbf's compiled write/read (pbf/compile at build time), its writer growing by doubling",
    writesSetDefaults: false,
    forShape: perShape((shape: Shape): ShapeProtobufCodec<Reply, Reply> => {
      const rowType = loadProtoRoot(shape.protoFile).lookupType(shape.rowMessage);
      const refused = unsupportedFields(rowType, pbfFieldReason);
      if (refused) throw new Error(`pbf cannot carry ${refused}`);
      const { write, read } = generated(shape.rowsMessage);
      const toWriterForm = enumsAsNumbers(rowType);
      const rowBound = shape.maxRowBytes(WIDEST_ROW_NUM).protobuf;
      const writer = (rows: number | undefined) =>
        sized && rows !== undefined ? new PbfWriter(new Uint8Array(rows * rowBound)) : new PbfWriter();
      return {
        prepare: (rows) => ({ [shape.rowsField]: rows.map((row) => toWriterForm(row as Record<string, unknown>)) }),
        encode: (reply) => {
          const pbf = writer(reply[shape.rowsField].length);
          write(reply, pbf);
          return pbf.finish();
        },
        // The generated write appends a message's fields to the writer it is given: each piece's records, in order.
        pieceEncoder: (rows) => {
          const pbf = writer(rows);
          return { add: (piece) => write(piece, pbf), finish: () => pbf.finish() };
        },
        decode: (bytes) => read(new PbfReader(bytes)),
        rowCount: (reply) => reply[shape.rowsField].length,
        toJsonRows: (reply): JsonRow[] => reply[shape.rowsField].map((row) => canonicalFromProtobuf(shape, row)),
      };
    }),
  };
}

export const pbfCodecs = { pbf: pbfCodec('pbf', false), 'pbf-sized': pbfCodec('pbf-sized', true) };
