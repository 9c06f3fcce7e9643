export type { JsonRow, MessageRow, Shape, ShapeSource } from './shape.interface';
export type { ShapeName } from './registry';
export { SHAPES, DEFAULT_SHAPE, shapeNames, isShapeName, getShape, servedShapes, UnknownShapeError } from './registry';
export { jsonRowsOf, toJsonRow, canonicalFromProtobuf, shapeChecksum, newShapeChecksum } from './shape-json';

export { protocCamelCase, protoJsonName } from './proto3-json';

export { SHAPES_PROTO_FILE, SAMPLE_PROTO_FILE, findProtoFile, loadProtoRoot } from './shapes-proto';

export type { BinaryRow } from './shapes/binary.shape';
export { BINARY_BLOB_BYTES, MAX_BINARY_BLOB_BYTES } from './shapes/binary.shape';
export { useBinaryBlobBytes, configuredBinaryBlobBytes } from './shapes/binary-blob-registration';
export type { UserShapeOptions } from './user/user-shape';
export { userShape } from './user/user-shape';
export { UserShapeError } from './user/user-shape-error';
export type { UserShapeInput } from './user/user-shape-error';

export { useUserShape, configuredUserShape, USER_SHAPE_NAME } from './user/user-shape-registration';
