// What the next step's clients will do: the same rows through a JSON reply and through a protobuf reply (encoded
// and decoded as proto-loader does for grpc-js), and one checksum for both.
import { IConversionOptions, Root, Type } from 'protobufjs';
import { findProtoFile } from './shapes-proto';
import { getShape, shapeNames } from './registry';
import { canonicalFromProtobuf, newShapeChecksum, shapeChecksum, toJsonRow } from './shape-json';
import type { JsonRow } from './shape.interface';

// proto-loader's options as the gRPC servers and clients load them (libs/grpc LOADER_OPTIONS): bytes stay Buffers.
const PROTO_LOADER: IConversionOptions = { longs: String, enums: String, defaults: true, oneofs: true };

function wrapperType(protoFile: string, message: string): Type {
  return new Root().loadSync(findProtoFile(protoFile), { keepCase: true }).lookupType(message);
}

describe.each(shapeNames())('%s: one checksum for JSON and protobuf replies', (name) => {
  const shape = getShape(name);
  const rows = shape.rows(1000, 5);
  const jsonReply = JSON.parse(JSON.stringify({ [shape.rowsField]: rows.map((r) => toJsonRow(shape, r)) }))[
    shape.rowsField
  ] as JsonRow[];
  const wrapper = wrapperType(shape.protoFile, shape.rowsMessage);
  const decoded = wrapper.toObject(
    wrapper.decode(wrapper.encode(wrapper.fromObject({ [shape.rowsField]: rows })).finish()),
    PROTO_LOADER,
  )[shape.rowsField] as object[];

  it('canonicalFromProtobuf of the decoded rows is their JSON form', () => {
    expect(decoded.map((d) => canonicalFromProtobuf(shape, d))).toEqual(jsonReply);
  });

  it('gives the same count and checksum either way, and by name', () => {
    const viaJson = shapeChecksum(shape, jsonReply);
    expect(viaJson.count).toBe(1000);
    expect(
      shapeChecksum(
        name,
        decoded.map((d) => canonicalFromProtobuf(name, d)),
      ),
    ).toEqual(viaJson);
    const streamed = newShapeChecksum(shape);
    for (let i = 0; i < decoded.length; i += 333)
      streamed.add(decoded.slice(i, i + 333).map((d) => canonicalFromProtobuf(shape, d)));
    expect(streamed.digest()).toEqual(viaJson);
  });

  it('notices a changed row and a different range', () => {
    const viaJson = shapeChecksum(shape, jsonReply);
    const changed = jsonReply.map((r, k) => (k === 500 ? { ...r, rowNum: 0 } : r));
    expect(shapeChecksum(shape, changed).checksum).not.toBe(viaJson.checksum);
    expect(
      shapeChecksum(
        shape,
        shape.rows(1000, 6).map((r) => toJsonRow(shape, r)),
      ).checksum,
    ).not.toBe(viaJson.checksum);
  });
});
