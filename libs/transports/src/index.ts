export { ClientFdLimitError } from './client-fd-limit.error';
export { JsonHttpTransport } from './json-http.transport';
export { JsonStreamTransport } from './json-stream.transport';
export type { JsonHttpOptions } from './json-http.transport';

export { GrpcTransport } from './grpc.transport';
export { GrpcStreamTransport } from './grpc-stream.transport';
export type { NestGrpcStreamService } from './grpc-stream.transport';
export type { NestGrpcService } from './grpc.transport';
export { shapeGrpcMethods, splitServiceName } from './shape-grpc-methods';

export { samplesPath } from './samples-path';
export { GrpcBareTransport } from './grpc-bare.transport';
export { JsonUndiciTransport } from './json-undici.transport';
export { withPayloadByteCounts } from './measured-package-definition';

export { grpcPhaseInterceptor } from './grpc-phase.interceptor';
export { ConnectTransport } from './connect/connect.transport';
export { ConnectStreamTransport } from './connect/connect-stream.transport';
export { createConnectClient } from './connect/connect-client';

export { clientPackageDefinition } from './shape-grpc-methods';
