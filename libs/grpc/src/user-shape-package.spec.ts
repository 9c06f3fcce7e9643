import { join } from 'node:path';
import { findProtoFile, getShape, shapeChecksum, toJsonRow, userShape, useUserShape } from '@app/shapes';
import { loadSamplePackageDefinition, servedPackages } from './grpc-options.factory';
import { rowsCodec } from './samples-codec';

const example = () =>
  userShape({
    protoFile: findProtoFile(join('examples', 'order.proto')),
    message: 'shop.v1.Order',
    sampleFile: findProtoFile(join('examples', 'order.sample.json')),
  });

describe('the user shape in the gRPC contract', () => {
  afterEach(() => useUserShape(null));

  it('is absent from the package definition and the served packages without a user message', () => {
    expect(loadSamplePackageDefinition()).not.toHaveProperty(['wirebench.user.UserService']);
    expect(servedPackages()).not.toContain('wirebench.user');
  });

  it('joins them once registered: UserService with both methods, beside every built-in service', () => {
    useUserShape(example());
    const pkg = loadSamplePackageDefinition() as Record<string, any>;
    expect(Object.keys(pkg['wirebench.user.UserService'])).toEqual(['GetRows', 'StreamRows']);
    expect(pkg['wirebench.shapes.NumericService']).toBeDefined();
    expect(pkg['sample.SampleService']).toBeDefined();
    expect(servedPackages()).toEqual(['sample', 'wirebench.shapes', 'wirebench.user']);
  });

  it('encodes and decodes its rows with the same functions as gRPC (proto-http), same count and checksum', () => {
    useUserShape(example());
    const shape = getShape('user');
    const rows = shape.rows(50, 7);
    const decoded = rowsCodec(shape).deserialize(rowsCodec(shape).serialize({ rows })).rows;
    expect(decoded).toHaveLength(50);
    expect(
      shapeChecksum(
        shape,
        decoded.map((r) => toJsonRow(shape, r)),
      ),
    ).toEqual(
      shapeChecksum(
        shape,
        rows.map((r) => toJsonRow(shape, r)),
      ),
    );
  });
});
