export { resolveProtoPath, SAMPLE_PROTO_FILE, ADMIN_PROTO_FILE } from './proto-path';
export { ADMIN_PACKAGE, ADMIN_SERVICE, addAdminService, loadAdminPackageDefinition } from './admin-service';
export type { SampleGrpcOptionsInput } from './grpc-options.factory';
export {
  sampleGrpcOptions,
  loadSamplePackageDefinition,
  servedPackages,
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
  SampleServiceController,
  SampleServiceClient,
} from './interfaces/sample-service.interface';
export { serializeSamples, deserializeSamples, rowsCodec, PROTOBUF_MEDIA_TYPE, type RowsCodec } from './samples-codec';
export type { ReplyPhases, StreamTotals } from './reply-phases';
export { replyPhases, type PreparedReply } from './reply-phases';
export { InvalidSliceRowsError, readSliceRows, SLICE_ROWS_METADATA } from './slice-rows';
export { rowsReply, samplesReply, type ReplySerializer } from './samples-reply';
export { largeRowsReply } from './large-rows-reply';
export { rowsPieceEncoder, type RowsPieceEncoder } from './rows-piece-encoder';
export { serializeInSlices } from './serialize-in-slices';
export { withServerPhases } from './with-server-phases';
export { withStrictRequests } from './with-strict-requests';
export { serverPackageDefinition } from './server-package-definition';
export type { InvalidRequest } from './invalid-request';
export { invalidRequestProblem } from './invalid-request';
export { getSamplesProblem } from './get-samples-param';
export type { GrpcServerOptionsInput } from './grpc-server-options';
export { grpcServerOptions } from './grpc-server-options';
export { guardHandshakes } from './guard-handshakes';
export { serverTimingInterceptor } from './server-timing.interceptor';
export { mapServiceMethods } from './map-service-methods';
export type { StreamSamplesLimits } from './stream-samples-param';
export { streamSamplesProblem } from './stream-samples-param';
export type { SamplesWritable, StreamOutcome } from './stream-samples';
export { writeSampleChunks } from './stream-samples';
export { maxProtoRowBytes } from './row-bytes';
export {
  admitUnaryReply,
  admitStream,
  unaryReplyBytes,
  streamReplyBytes,
  holdForReply,
  isGrpcRefusal,
  type Admission,
  type GrpcRefusal,
  type CancellableCall,
} from './reply-admission';
