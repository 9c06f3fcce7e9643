import type { Agent } from 'node:http';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { HttpService } from '@nestjs/axios';
import { ClientGrpcProxy, ClientProxyFactory } from '@nestjs/microservices';
import {
  GrpcBareTransport,
  grpcPhaseInterceptor,
  GrpcStreamTransport,
  GrpcTransport,
  NestGrpcService,
  NestGrpcStreamService,
  JsonHttpTransport,
  JsonStreamTransport,
  JsonUndiciTransport,
  RelayTransportFactory,
  RowsTransport,
  shapeGrpcMethods,
  splitServiceName,
  StreamingRowsTransport,
  VariantName,
  variantPath,
  VARIANTS,
  withPayloadByteCounts,
  CONNECT_CALLS,
  ConnectStreamTransport,
  ConnectTransport,
  createConnectClient,
  isConnectVariant,
  type ConnectVariantName,
} from '@app/bench';
import { loadSamplePackageDefinition, sampleGrpcOptions } from '@app/grpc';
import { getProtobufCodec, withResponseCodec, type JsonCodecName, type ProtobufCodec, type ProtobufCodecName } from '@app/codecs';
import type { PackageDefinition, ServiceDefinition } from '@grpc/proto-loader';
import { DEFAULT_SHAPE, getShape, ShapeName } from '@app/shapes';
import { HTTP2_DEFAULT_WINDOW, WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';

/** A transport and how to let go of what it holds (sockets, channels). */
interface BuiltTransport {
  transport: RowsTransport | StreamingRowsTransport;
  close(): Promise<void>;
  /**
   * The most sockets it opens at once: the HTTP/1.1 paths' pool cap (one socket per request in flight up to it);
   * null for HTTP/2 and gRPC, which multiplex every request over one connection.
   */
  socketCap?: number | null;
  /** It holds a pool of its own (undici), which close() ends; the others share axios's agent or hold one channel. */
  closesSockets?: boolean;
}

/**
 * The one place a variant becomes a client transport: the measured transports (one per variant and message shape,
 * built on first use, closed with the app) and their twins pointed at the counting relay for the wire-bytes pass,
 * so both passes run the same client code by construction. A transport is built for one shape (its URL's `shape=`,
 * its gRPC service and method, its decoder), so fetchRows keeps its one argument and the engine nothing to pass.
 */
@Injectable()
export class TransportFactory implements RelayTransportFactory, OnModuleDestroy {
  /** By variant|shape, or variant|shape|proxy address for a shaped path (keyOf). */
  private readonly built = new Map<string, BuiltTransport>();
  /** gRPC-family transports between measurements, by the same key (see lease). */
  private readonly idleChannels = new Map<string, BuiltTransport[]>();
  private closing = false;

  constructor(
    private readonly http: HttpService,
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
  ) {}

  /**
   * The transport that times `variant` against its configured server; with `dial`, one that reaches that server
   * through a shaping proxy at `dial` (a network profile) and still knows where the server itself is.
   */
  forVariant(variant: VariantName, shape: ShapeName = DEFAULT_SHAPE, dial?: string): RowsTransport | StreamingRowsTransport {
    const key = keyOf(variant, shape, dial);
    let entry = this.built.get(key);
    if (!entry) {
      entry = this.buildFor(variant, shape, dial);
      this.built.set(key, entry);
    }
    return entry.transport;
  }

  private buildFor(variant: VariantName, shape: ShapeName, dial: string | undefined): BuiltTransport {
    // A shaped path moves the same bytes far slower, so it gets the network deadline (NETWORK_REQUEST_TIMEOUT_MS).
    const entry = this.build(variant, shape, dial ?? this.serverAddress(variant), dial === undefined ? this.config.requestTimeoutMs : this.config.networkRequestTimeoutMs);
    if (dial !== undefined) entry.transport.target.serverAddress = this.serverAddress(variant);
    return entry;
  }

  /**
   * The transport for one measurement (a call to the client, all its runs), and what to call when it is over. The
   * HTTP paths share the app's transports: each request in flight has a socket of its own anyway. A gRPC-family path
   * gets a channel that no other measurement uses meanwhile, each on its own connection (OWN_CONNECTION_OPTION): two
   * callers' measurements on one HTTP/2 connection would share its TCP stream and flow-control window (one caller's
   * 1,000,000-row reply delaying the other's frames), and a cancelled one's burst of RST_STREAMs made the server close
   * the connection under both (nghttp2's rapid-reset guard: GOAWAY, "Session closed with error code 2"); the connect
   * variants over h2c hold one HTTP/2 connection each too, and are leased the same way. A channel
   * whose measurement ended well waits for the next one, still connected, so calls one after another measure a warm
   * connection as before; one whose measurement failed or was cancelled is closed.
   */
  lease(variant: VariantName, shape: ShapeName = DEFAULT_SHAPE, dial?: string): { transport: RowsTransport | StreamingRowsTransport; release(ok: boolean): Promise<void> } {
    if (!ownsOneConnection(variant)) return { transport: this.forVariant(variant, shape, dial), release: async () => undefined };
    const key = keyOf(variant, shape, dial);
    const idle = this.idleChannels.get(key) ?? [];
    this.idleChannels.set(key, idle);
    const entry = idle.pop() ?? this.buildFor(variant, shape, dial);
    return {
      transport: entry.transport,
      release: async (ok) => {
        if (ok && !this.closing) idle.push(entry);
        else await entry.close().catch(() => undefined);
      },
    };
  }

  /** The most sockets a run of `variant` holds at once (its pool's cap), or null when it needs only one connection. */
  socketCap(variant: VariantName): number | null {
    if (VARIANTS[variant].family === 'grpc') return null;
    this.forVariant(variant);
    return this.built.get(keyOf(variant, DEFAULT_SHAPE))?.socketCap ?? null;
  }

  /** RelayTransportFactory: the same client path for the same shape, pointed at host:port (the counting relay). */
  create(variant: VariantName, host: string, port: number, shape: ShapeName = DEFAULT_SHAPE): BuiltTransport {
    return this.build(variant, shape, VARIANTS[variant].family === 'grpc' ? `${host}:${port}` : `http://${host}:${port}`);
  }

  /**
   * After the client ran out of file descriptors: every pooled socket not in use is closed (axios's kept-alive ones,
   * and undici's pools, rebuilt on next use), so the descriptors come back now rather than at the servers'
   * keep-alive timeout, and the client can accept connections again at once.
   */
  async releaseIdleSockets(): Promise<void> {
    const agent = this.http.axiosRef.defaults.httpAgent as Agent | undefined;
    for (const sockets of Object.values(agent?.freeSockets ?? {})) sockets?.forEach((s) => s.destroy());
    const owning = [...this.built].filter(([, b]) => b.closesSockets);
    owning.forEach(([key]) => this.built.delete(key));
    await Promise.all(owning.map(([, b]) => b.close().catch(() => undefined)));
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    const idle = [...this.idleChannels.values()].flat();
    this.idleChannels.clear();
    await Promise.all([...this.built.values(), ...idle].map((b) => b.close()));
    this.built.clear();
  }

  /** Where a variant's server is: a URL for the HTTP variants, host:port for gRPC; a +gzip twin's is its path's. */
  serverAddress(variant: VariantName): string {
    const { targets } = this.config;
    if (VARIANTS[variant].family === 'grpc') return targets.grpcAddress;
    const { path } = variantPath(variant);
    // Each connect variant names the Nest JSON app that hosts its Connect routes (CONNECT_CALLS).
    if (isConnectVariant(path)) return targets[CONNECT_CALLS[path].target];
    // json-fjs is the Fastify server's reply with another serializer.
    if (path === 'json-fastify' || path === 'json-fjs') return targets.fastifyJsonUrl;
    if (path === 'json-h2' || path === 'json-h2-window') return targets.h2JsonUrl;
    return targets.jsonUrl;
  }

  private build(variant: VariantName, shape: ShapeName, address: string, timeout = this.config.requestTimeoutMs): BuiltTransport {
    const { path, compression } = variantPath(variant);
    // axios's agent (ClientModule) and undici's pool alike: requests beyond it wait for a socket.
    const socketCap = this.config.clientBudget.maxSockets;
    switch (path) {
      // One axios client (Nest's HttpService) for every path but json-undici; the variants differ in its options.
      case 'json':
      case 'json-fastify':
      // json-fjs is the json-fastify client asking for another serializer (?serializer=).
      case 'json-fjs': {
        const serializer = VARIANTS[variant].serializer as JsonCodecName | undefined;
        return { transport: new JsonHttpTransport(this.http, address, timeout, { shape, compression, serializer }), close: async () => undefined, socketCap };
      }
      case 'proto-http':
      // proto-http-static is the proto-http client naming a protobuf serializer (?serializer=) and decoding with it.
      case 'proto-http-static': {
        const serializer = VARIANTS[variant].serializer as ProtobufCodecName | undefined;
        return { transport: new JsonHttpTransport(this.http, address, timeout, { shape, encoding: 'protobuf', compression, serializer }), close: async () => undefined, socketCap };
      }
      case 'json-h2':
      case 'json-h2-window': {
        // json-h2-window is the json-h2 client offering a larger HTTP/2 window.
        const window = path === 'json-h2-window' ? this.config.jsonH2FlowControlWindow : undefined;
        const transport = new JsonHttpTransport(this.http, address, timeout, { shape, httpVersion: 2, compression, http2WindowBytes: window });
        transport.target.http2WindowBytes = window ?? HTTP2_DEFAULT_WINDOW;
        return { transport, close: async () => undefined };
      }
      // The json client (axios), asking the same server for NDJSON in chunks instead of one body.
      case 'json-stream':
      // json-stream-fjs is the json-stream client asking for another serializer of the lines (?serializer=).
      case 'json-stream-fjs': {
        const serializer = VARIANTS[variant].serializer as JsonCodecName | undefined;
        return { transport: new JsonStreamTransport(this.http, address, timeout, shape, serializer), close: async () => undefined, socketCap };
      }
      case 'json-undici': {
        const transport = new JsonUndiciTransport(address, timeout, { shape, compression }, socketCap);
        return { transport, close: () => transport.close(), socketCap, closesSockets: true };
      }
      case 'grpc':
      case 'grpc-sliced':
      case 'grpc-window':
      case 'grpc-static':
      case 'grpc-es':
      case 'grpc-tsproto': {
        // grpc-window is the grpc client offering a larger HTTP/2 window.
        const window = path === 'grpc-window' ? this.config.grpcFlowControlWindow : undefined;
        // The serializer variants are the grpc client whose service definition decodes the reply with their codec,
        // naming it to the server per call.
        const name = VARIANTS[variant].serializer;
        const serializer = name === undefined ? undefined : getProtobufCodec(name);
        const client = this.nestGrpcClient(address, shape, window, serializer);
        // grpc-sliced is the grpc client plus one request metadata entry asking for sliced encoding.
        const options = path === 'grpc-sliced' ? { sliceRows: this.config.grpcSliceRows } : {};
        const transport = new GrpcTransport(client.getService<NestGrpcService>(serviceNameOf(shape)), address, timeout, { ...options, shape, serializer });
        transport.target.http2WindowBytes = window ?? HTTP2_DEFAULT_WINDOW;
        return { transport, close: async () => client.close() };
      }
      case 'grpc-stream':
      case 'grpc-stream-static': {
        // The grpc variant's client, built the same way; only the method (and so the message form: one message or a stream) differs.
        // grpc-stream-static names a serializer per call and decodes each message with it, as grpc-static does.
        const name = VARIANTS[variant].serializer;
        const serializer = name === undefined ? undefined : getProtobufCodec(name);
        const client = this.nestGrpcClient(address, shape, undefined, serializer);
        const transport = new GrpcStreamTransport(client.getService<NestGrpcStreamService>(serviceNameOf(shape)), address, timeout, shape, serializer);
        transport.target.http2WindowBytes = HTTP2_DEFAULT_WINDOW;
        return { transport, close: async () => client.close() };
      }
      case 'grpc-bare': {
        const transport = new GrpcBareTransport(address, this.config.grpcMaxMessageBytes, timeout, shape);
        return { transport, close: async () => transport.close() };
      }
      // One connect-es client per variant and shape, its protocol, encoding and HTTP version from CONNECT_CALLS.
      case 'connect-proto':
      case 'connect-json':
      case 'connect-fastify':
      case 'connect-h2':
      case 'connect-grpc':
      case 'grpc-web':
      case 'connect-bare':
      case 'connect-stream':
        return this.connectTransport(path, shape, address, timeout);
    }
  }

  private connectTransport(variant: ConnectVariantName, shape: ShapeName, address: string, timeout: number): BuiltTransport {
    const call = CONNECT_CALLS[variant];
    const http1 = call.httpVersion === '1.1';
    const socketCap = http1 ? this.config.clientBudget.maxSockets : null;
    const client = createConnectClient({ ...call, baseUrl: address, maxSockets: socketCap, readMaxBytes: this.config.grpcMaxMessageBytes });
    const transport = VARIANTS[variant].streaming
      ? new ConnectStreamTransport(client, address, timeout, shape, call.server)
      : new ConnectTransport(client, address, timeout, shape, call.protocol !== 'connect', call.server);
    if (!http1) transport.target.http2WindowBytes = HTTP2_DEFAULT_WINDOW;
    // HTTP/1.1: a pool of its own, capped as undici's is; HTTP/2: one connection.
    return { transport, close: async () => client.close(), socketCap, closesSockets: http1 };
  }

  /**
   * What ClientsModule.register builds, from the one options factory: deserializers also count payload bytes and
   * time the decode, the interceptor stamps headers and reads the server-timing trailer. ClientGrpc finds a service
   * only in the packages its options name: the factory names every served shape's.
   */
  private nestGrpcClient(address: string, shape: ShapeName, flowControlWindow?: number, serializer?: ProtobufCodec): ClientGrpcProxy {
    const packageDefinition = withPayloadByteCounts(serializer ? withShapeCodec(loadSamplePackageDefinition(), shape, serializer) : loadSamplePackageDefinition());
    // A contract without the shape's service is said as such, not as Nest's failure to find a package.
    shapeGrpcMethods(shape, packageDefinition);
    const options = sampleGrpcOptions({
      url: address,
      flowControlWindow,
      maxMessageBytes: this.config.grpcMaxMessageBytes,
      packageDefinition,
      interceptors: [grpcPhaseInterceptor],
    });
    return ClientProxyFactory.create(options) as unknown as ClientGrpcProxy;
  }
}

/** The contract with the shape's service replaced by one whose replies `codec` decodes (withResponseCodec). */
function withShapeCodec(pkg: PackageDefinition, shape: ShapeName, codec: ProtobufCodec): PackageDefinition {
  const { grpcService } = getShape(shape);
  const service = pkg[grpcService] as ServiceDefinition | undefined;
  // A contract without the shape's service is reported by shapeGrpcMethods, in its words.
  return service ? { ...pkg, [grpcService]: withResponseCodec(service, getShape(shape), codec) } : pkg;
}

/**
 * Whether a variant's client multiplexes every call over one HTTP/2 connection that measurements must not share
 * (lease): the gRPC family's channels, and the connect variants over h2c (one Http2SessionManager each).
 */
function ownsOneConnection(variant: VariantName): boolean {
  if (VARIANTS[variant].family === 'grpc') return true;
  const { path } = variantPath(variant);
  return isConnectVariant(path) && CONNECT_CALLS[path].httpVersion === '2';
}

/** The cache key of a transport: one per variant, shape and (under a network profile) proxy address. */
function keyOf(variant: VariantName, shape: ShapeName, dial?: string): string {
  return dial === undefined ? `${variant}|${shape}` : `${variant}|${shape}|${dial}`;
}

/** The service's name as ClientGrpc.getService takes it: unqualified, found in the client's packages. */
function serviceNameOf(shape: ShapeName): string {
  return splitServiceName(getShape(shape).grpcService).serviceName;
}
