export { resolveProtoPath } from './proto-path';
export { ADMIN_PACKAGE, ADMIN_SERVICE, loadAdminPackageDefinition } from './admin-service';

export {
  sampleGrpcOptions,
  loadSamplePackageDefinition,
  LOADER_OPTIONS,
  OWN_CONNECTION_OPTION,
  SAMPLE_PACKAGE,
  SAMPLE_SERVICE,
} from './grpc-options.factory';
export { addHealthAndReflection } from './standard-services';
export type {
  GetSamplesParam,
  StreamSamplesParam,
  Samples,
  SampleServiceClient,
} from './interfaces/sample-service.interface';
export { serializeSamples, deserializeSamples, rowsCodec, PROTOBUF_MEDIA_TYPE } from './samples-codec';

export { replyPhases } from './reply-phases';
export { InvalidSliceRowsError, readSliceRows, SLICE_ROWS_METADATA } from './slice-rows';
export { rowsReply, type ReplySerializer } from './samples-reply';
export { largeRowsReply } from './large-rows-reply';
export { rowsPieceEncoder } from './rows-piece-encoder';

export { serverPackageDefinition } from './server-package-definition';

export { getSamplesProblem } from './get-samples-param';

export { grpcServerOptions } from './grpc-server-options';
export { guardHandshakes } from './guard-handshakes';

export { mapServiceMethods } from './map-service-methods';
export type { StreamSamplesLimits } from './stream-samples-param';
export { streamSamplesProblem } from './stream-samples-param';
export type { SamplesWritable } from './stream-samples';
export { writeSampleChunks } from './stream-samples';
export { maxProtoRowBytes } from './row-bytes';
export {
  admitUnaryReply,
  admitStream,
  unaryReplyBytes,
  streamReplyBytes,
  holdForReply,
  isGrpcRefusal,
  type CancellableCall,
} from './reply-admission';
