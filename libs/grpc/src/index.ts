export { resolveProtoPath, SAMPLE_PROTO_FILE } from './proto-path';
export type { SampleGrpcOptionsInput } from './grpc-options.factory';
export { sampleGrpcOptions, loadSamplePackageDefinition, LOADER_OPTIONS, SAMPLE_PACKAGE, SAMPLE_SERVICE } from './grpc-options.factory';
export { addHealthAndReflection } from './standard-services';
export type { GetSamplesParam, Samples, SampleServiceController, SampleServiceClient } from './interfaces/sample-service.interface';
export { serializeSamples, deserializeSamples, PROTOBUF_MEDIA_TYPE } from './samples-codec';
