import { loadSync } from '@grpc/proto-loader';
import { LOADER_OPTIONS, rowsCodec } from '@app/grpc';
import {
  canonicalFromProtobuf,
  findProtoFile,
  getShape,
  SAMPLE_PROTO_FILE,
  shapeChecksum,
  shapeNames,
  type ShapeName,
} from '@app/shapes';
import { decodeJsonRows } from './decode-json-rows';
import { decodeProtobufRows } from './decode-protobuf-rows';
import { shapeGrpcMethods } from './shape-grpc-methods';
import { TransportError } from '@app/bench';
import { expectedDigest } from '@app/bench';

const target = { server: 'json-server' as const, address: 'memory' };
const COUNT = 40;

/** The reply a server sends for rows 0..COUNT-1 of the shape, as JSON and as its protobuf rows message. */
function bodies(name: ShapeName): { json: Buffer; protobuf: Buffer } {
  const shape = getShape(name);
  const rows = shape.rows(COUNT);
  return {
    json: Buffer.from(JSON.stringify({ [shape.rowsField]: rows.map((r) => shape.toJson(r)) })),
    // By the serializer the gRPC servers and the protobuf HTTP reply use.
    protobuf: rowsCodec(shape).serialize({ [shape.rowsField]: rows }),
  };
}

describe.each(shapeNames())('decoding a %s reply', (name) => {
  const shape = getShape(name);
  const { json, protobuf } = bodies(name);

  it('from JSON gives rows already in their JSON form, with the digest the engine expects', () => {
    const fetched = decodeJsonRows(json, target, name);
    expect(fetched.payloadBytes).toBe(json.length);
    expect(shapeChecksum(shape, fetched.rows as never)).toEqual(expectedDigest(COUNT, name));
  });

  it(
    "from protobuf (the gRPC client's deserializer) gives rows that, through canonicalFromProtobuf, have the " +
      'same digest',
    () => {
      const fetched = decodeProtobufRows(protobuf, target, name);
      expect(fetched.payloadBytes).toBe(protobuf.length);
      expect(fetched.rows).toHaveLength(COUNT);
      expect(
        shapeChecksum(
          shape,
          fetched.rows.map((r) => canonicalFromProtobuf(shape, r)),
        ),
      ).toEqual(expectedDigest(COUNT, name));
    },
  );

  it("refuses a body without the shape's rows field, naming it", () => {
    const other = name === 'row' ? 'rows' : 'samples';
    expect(() => decodeJsonRows(Buffer.from(JSON.stringify({ [other]: [] })), target, name)).toThrow(
      new TransportError('bad-response', target, `body has no "${shape.rowsField}" array`),
    );
  });
});

describe('decodeProtobufRows', () => {
  it('names the message a body that is not one', () => {
    expect(() => decodeProtobufRows(Buffer.from([0xff, 0xff, 0xff]), target, 'numeric')).toThrow(
      /body is not a protobuf wirebench\.shapes\.NumericRows message/,
    );
  });
});

describe('shapeGrpcMethods', () => {
  it("finds each shape's methods by its registry entry", () => {
    for (const name of shapeNames()) {
      const { grpcService, unaryMethod, streamMethod } = getShape(name);
      const methods = shapeGrpcMethods(name);
      expect(methods.unary.path).toBe(`/${grpcService}/${unaryMethod}`);
      expect(methods.stream.path).toBe(`/${grpcService}/${streamMethod}`);
      expect(methods.stream.responseStream).toBe(true);
    }
  });

  it('says which service is missing from a contract without it', () => {
    const sampleOnly = loadSync(findProtoFile(SAMPLE_PROTO_FILE), LOADER_OPTIONS);
    expect(() => shapeGrpcMethods('text', sampleOnly)).toThrow(
      'the gRPC contract has no wirebench.shapes.TextService with GetRows and StreamRows: shape text cannot ' +
        'be fetched over gRPC or protobuf',
    );
  });
});
