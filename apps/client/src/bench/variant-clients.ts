import { HttpService } from '@nestjs/axios';
import { ClientGrpcProxy, ClientProxyFactory } from '@nestjs/microservices';
import type { PackageDefinition, ServiceDefinition } from '@grpc/proto-loader';
import {
  type PathName,
  RowsTransport,
  StreamingRowsTransport,
  type VariantInfo,
  type VariantName,
  variantPath,
  VARIANTS,
} from '@app/bench';
import {
  ConnectStreamTransport,
  ConnectTransport,
  createConnectClient,
  GrpcBareTransport,
  grpcPhaseInterceptor,
  GrpcStreamTransport,
  GrpcTransport,
  JsonHttpTransport,
  JsonStreamTransport,
  JsonUndiciTransport,
  NestGrpcService,
  NestGrpcStreamService,
  shapeGrpcMethods,
  splitServiceName,
  withPayloadByteCounts,
} from '@app/transports';
import {
  getProtobufCodec,
  withResponseCodec,
  type JsonCodecName,
  type ProtobufCodec,
  type ProtobufCodecName,
} from '@app/codecs';
import { loadSamplePackageDefinition, sampleGrpcOptions } from '@app/grpc';
import { getShape, type ShapeName } from '@app/shapes';
import { HTTP2_DEFAULT_WINDOW, type WirebenchConfig } from '@app/config';

/** A transport and how to let go of what it holds (sockets, channels). */
export interface BuiltTransport {
  transport: RowsTransport | StreamingRowsTransport;
  close(): Promise<void>;
  /**
   * The most sockets it opens at once: the HTTP/1.1 paths' pool cap (one socket per request in flight up to it);
   * null for HTTP/2 and gRPC, which multiplex every request over one connection.
   */
  socketCap?: number | null;
  /**
   * It holds a pool of its own (undici, connect over HTTP/1.1), which close() ends; the others share axios's agent or
   * hold one channel.
   */
  closesSockets?: boolean;
}

/** What a client builder gets: the variant's registry entry, the shape, where to dial and the app's shared parts. */
export interface ClientBuildContext {
  info: VariantInfo;
  shape: ShapeName;
  /** The server's address, or a shaping proxy's in front of it. */
  address: string;
  timeoutMs: number;
  compression: 'gzip' | null;
  http: HttpService;
  config: WirebenchConfig;
}

type ClientBuilder = (ctx: ClientBuildContext) => BuiltTransport;

/** The window the entry names (its `window` knob), or undefined for HTTP/2's default. */
const windowOf = ({ info, config }: ClientBuildContext): number | undefined =>
  info.window ? config[info.window] : undefined;

/**
 * One axios client (Nest's HttpService) for the HTTP/1.1 JSON paths; the variants differ in the server and its
 * serializer.
 */
const axiosJson: ClientBuilder = ({ info, shape, address, timeoutMs, compression, http, config }) => ({
  transport: new JsonHttpTransport(http, address, timeoutMs, {
    shape,
    compression,
    serializer: info.serializer as JsonCodecName | undefined,
  }),
  close: async () => undefined,
  socketCap: config.clientBudget.maxSockets,
});

/** The same axios client asking for a protobuf body, decoded with the serializer the entry names. */
const axiosProtobuf: ClientBuilder = ({ info, shape, address, timeoutMs, compression, http, config }) => ({
  transport: new JsonHttpTransport(http, address, timeoutMs, {
    shape,
    encoding: 'protobuf',
    compression,
    serializer: info.serializer as ProtobufCodecName | undefined,
  }),
  close: async () => undefined,
  socketCap: config.clientBudget.maxSockets,
});

/** The axios client over h2c, offering the entry's window if it names one. */
const axiosH2: ClientBuilder = (ctx) => {
  const window = windowOf(ctx);
  const transport = new JsonHttpTransport(ctx.http, ctx.address, ctx.timeoutMs, {
    shape: ctx.shape,
    httpVersion: 2,
    compression: ctx.compression,
    http2WindowBytes: window,
  });
  transport.target.http2WindowBytes = window ?? HTTP2_DEFAULT_WINDOW;
  return { transport, close: async () => undefined };
};

/** The axios client asking the same server for NDJSON in chunks instead of one body. */
const axiosNdjson: ClientBuilder = ({ info, shape, address, timeoutMs, http, config }) => ({
  transport: new JsonStreamTransport(http, address, timeoutMs, {
    shape,
    serializer: info.serializer as JsonCodecName | undefined,
  }),
  close: async () => undefined,
  socketCap: config.clientBudget.maxSockets,
});

/** undici with a pool of its own, capped as axios's agent is. */
const undiciJson: ClientBuilder = ({ shape, address, timeoutMs, compression, config }) => {
  const socketCap = config.clientBudget.maxSockets;
  const transport = new JsonUndiciTransport(address, timeoutMs, { shape, compression, maxSockets: socketCap });
  return { transport, close: () => transport.close(), socketCap, closesSockets: true };
};

/**
 * Nest's ClientGrpc, one message per reply. A serializer variant's service definition decodes the reply with its
 * codec (naming it to the server per call); a sliced one asks the server to encode in slices of the entry's knob.
 */
const nestGrpc: ClientBuilder = (ctx) => {
  const window = windowOf(ctx);
  const serializer = protobufCodecOf(ctx.info);
  const client = nestGrpcClient(ctx, window, serializer);
  const sliceRows = ctx.info.sliceRows ? ctx.config[ctx.info.sliceRows] : undefined;
  const transport = new GrpcTransport(
    client.getService<NestGrpcService>(serviceNameOf(ctx.shape)),
    ctx.address,
    ctx.timeoutMs,
    { sliceRows, shape: ctx.shape, serializer },
  );
  transport.target.http2WindowBytes = window ?? HTTP2_DEFAULT_WINDOW;
  return { transport, close: async () => client.close() };
};

/** The same client built the same way; only the method (and so the message form: a stream) differs. */
const nestGrpcStream: ClientBuilder = (ctx) => {
  const serializer = protobufCodecOf(ctx.info);
  const client = nestGrpcClient(ctx, undefined, serializer);
  const transport = new GrpcStreamTransport(
    client.getService<NestGrpcStreamService>(serviceNameOf(ctx.shape)),
    ctx.address,
    ctx.timeoutMs,
    { shape: ctx.shape, serializer },
  );
  transport.target.http2WindowBytes = HTTP2_DEFAULT_WINDOW;
  return { transport, close: async () => client.close() };
};

/** A plain @grpc/grpc-js client, no Nest and no rxjs. */
const bareGrpc: ClientBuilder = ({ shape, address, timeoutMs, config }) => {
  const transport = new GrpcBareTransport(address, timeoutMs, { maxMessageBytes: config.grpcMaxMessageBytes, shape });
  return { transport, close: async () => transport.close() };
};

/** One connect-es client per variant and shape, its protocol, encoding and HTTP version from the entry's call. */
const connectEs: ClientBuilder = ({ info, shape, address, timeoutMs, config }) => {
  const call = info.connect;
  if (!call) throw new Error(`variant of family ${info.family} has no connect call in its registry entry`);
  const http1 = call.httpVersion === '1.1';
  const socketCap = http1 ? config.clientBudget.maxSockets : null;
  const client = createConnectClient({
    ...call,
    baseUrl: address,
    maxSockets: socketCap,
    readMaxBytes: config.grpcMaxMessageBytes,
  });
  const transport = info.streaming
    ? new ConnectStreamTransport(client, address, timeoutMs, { shape, server: info.server })
    : new ConnectTransport(client, address, timeoutMs, {
        shape,
        enveloped: call.protocol !== 'connect',
        server: info.server,
      });
  if (!http1) transport.target.http2WindowBytes = HTTP2_DEFAULT_WINDOW;
  // HTTP/1.1: a pool of its own, capped as undici's is; HTTP/2: one connection.
  return { transport, close: async () => client.close(), socketCap, closesSockets: http1 };
};

/**
 * How each client+server path becomes a client transport: one builder per path, checked by the compiler, so a
 * variant added to the registry without one does not build. Where the server is, the knobs and the serializer come
 * from the variant's entry, not from its name.
 */
export const VARIANT_CLIENTS = {
  json: axiosJson,
  'json-fastify': axiosJson,
  'json-fjs': axiosJson,
  'proto-http': axiosProtobuf,
  'proto-http-static': axiosProtobuf,
  'json-h2': axiosH2,
  'json-h2-window': axiosH2,
  'json-stream': axiosNdjson,
  'json-stream-fjs': axiosNdjson,
  'json-undici': undiciJson,
  grpc: nestGrpc,
  'grpc-sliced': nestGrpc,
  'grpc-window': nestGrpc,
  'grpc-static': nestGrpc,
  'grpc-es': nestGrpc,
  'grpc-tsproto': nestGrpc,
  'grpc-pbf': nestGrpc,
  'grpc-pbf-sized': nestGrpc,
  'grpc-protons': nestGrpc,
  'grpc-stream': nestGrpcStream,
  'grpc-stream-static': nestGrpcStream,
  'grpc-bare': bareGrpc,
  // The Go reference servers, each reached by its baseline's client.
  'go-json': undiciJson,
  'go-json-stream': axiosNdjson,
  'go-grpc': bareGrpc,
  'go-grpc-stream': nestGrpcStream,
  'connect-proto': connectEs,
  'connect-json': connectEs,
  'connect-fastify': connectEs,
  'connect-h2': connectEs,
  'connect-grpc': connectEs,
  'grpc-web': connectEs,
  'connect-bare': connectEs,
  'connect-stream': connectEs,
} as const satisfies Record<PathName, ClientBuilder>;

/**
 * `variant`'s client, from its path's builder: a +gzip twin is its path asking for gzip, and an added variant
 * (WIREBENCH_VARIANTS) is built with the client of the path it is like.
 */
export function buildVariantClient(
  variant: VariantName,
  ctx: Omit<ClientBuildContext, 'info' | 'compression'>,
): BuiltTransport {
  const { path, compression } = variantPath(variant);
  const info = VARIANTS[variant];
  const built = VARIANT_CLIENTS[(info.like ?? path) as PathName]({ ...ctx, info, compression });
  // The server results name is the one at the entry's address (a Go server behind a Node path's client).
  built.transport.target.server = info.server;
  return built;
}

function protobufCodecOf(info: VariantInfo): ProtobufCodec | undefined {
  return info.serializer === undefined ? undefined : getProtobufCodec(info.serializer as ProtobufCodecName);
}

/**
 * What ClientsModule.register builds, from the one options factory: deserializers also count payload bytes and
 * time the decode, the interceptor stamps headers and reads the server-timing trailer. ClientGrpc finds a service
 * only in the packages its options name: the factory names every served shape's.
 */
function nestGrpcClient(
  { address, shape, config }: ClientBuildContext,
  flowControlWindow?: number,
  serializer?: ProtobufCodec,
): ClientGrpcProxy {
  const packageDefinition = withPayloadByteCounts(
    serializer ? withShapeCodec(loadSamplePackageDefinition(), shape, serializer) : loadSamplePackageDefinition(),
  );
  // A contract without the shape's service is said as such, not as Nest's failure to find a package.
  shapeGrpcMethods(shape, packageDefinition);
  const options = sampleGrpcOptions({
    url: address,
    flowControlWindow,
    maxMessageBytes: config.grpcMaxMessageBytes,
    packageDefinition,
    interceptors: [grpcPhaseInterceptor],
  });
  return ClientProxyFactory.create(options) as unknown as ClientGrpcProxy;
}

/** The contract with the shape's service replaced by one whose replies `codec` decodes (withResponseCodec). */
function withShapeCodec(pkg: PackageDefinition, shape: ShapeName, codec: ProtobufCodec): PackageDefinition {
  const { grpcService } = getShape(shape);
  const service = pkg[grpcService] as ServiceDefinition | undefined;
  // A contract without the shape's service is reported by shapeGrpcMethods, in its words.
  return service ? { ...pkg, [grpcService]: withResponseCodec(service, getShape(shape), codec) } : pkg;
}

/** The service's name as ClientGrpc.getService takes it: unqualified, found in the client's packages. */
function serviceNameOf(shape: ShapeName): string {
  return splitServiceName(getShape(shape).grpcService).serviceName;
}
