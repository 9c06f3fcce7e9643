import { createRegistry } from '@bufbuild/protobuf';
import { file_sample } from '../generated/protobuf-es/sample_pb';
import { file_shapes } from '../generated/protobuf-es/shapes_pb';

// The generated services (GenService descriptors): what connect-es v2 serves and calls, typed per method.
export { SampleService } from '../generated/protobuf-es/sample_pb';
export { NumericService, TextService, NestedService, BinaryService } from '../generated/protobuf-es/shapes_pb';

/**
 * Every message and service of the generated files, by its fully-qualified name: how a shape's names find their
 * descriptors.
 */
export const PROTOBUF_ES_REGISTRY = createRegistry(file_sample, file_shapes);
