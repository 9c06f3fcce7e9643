import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { HttpService } from '@nestjs/axios';
import { ClientGrpcProxy, ClientProxyFactory } from '@nestjs/microservices';
import {
  GrpcBareTransport,
  grpcPhaseInterceptor,
  GrpcTransport,
  isStreamingTransport,
  JsonHttpTransport,
  JsonStreamTransport,
  JsonUndiciTransport,
  RelayTransportFactory,
  RowsTransport,
  ScenarioValidationError,
  StreamingRowsTransport,
  VariantName,
  variantPath,
  VARIANTS,
  withPayloadByteCounts,
} from '@app/bench';
import { loadSamplePackageDefinition, SAMPLE_SERVICE, sampleGrpcOptions, SampleServiceClient } from '@app/grpc';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';

/** A transport (one reply per request, or a stream of chunks) and how to let go of what it holds (sockets, channels). */
interface BuiltTransport<T extends RowsTransport | StreamingRowsTransport = RowsTransport | StreamingRowsTransport> {
  transport: T;
  close(): Promise<void>;
}

/**
 * The one place a variant becomes a client transport: the measured transports (one per variant, built on first
 * use, closed with the app) and their twins pointed at the counting relay for the wire-bytes pass, so both passes
 * run the same client code by construction.
 */
@Injectable()
export class TransportFactory implements RelayTransportFactory, OnModuleDestroy {
  private readonly built = new Map<VariantName, BuiltTransport>();

  constructor(
    private readonly http: HttpService,
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
  ) {}

  /** The transport that times `variant` against its configured server; a streaming variant is refused (forStreamingVariant). */
  forVariant(variant: VariantName): RowsTransport {
    return unary(variant, this.cached(variant));
  }

  /** The streaming transport of a streaming variant (VARIANTS[v].streaming), e.g. json-stream; others are refused. */
  forStreamingVariant(variant: VariantName): StreamingRowsTransport {
    const transport = this.cached(variant);
    if (!isStreamingTransport(transport)) throw new ScenarioValidationError('variant', { values: STREAMING_VARIANTS }, `${variant} is not a streaming variant (${STREAMING_VARIANTS.join(', ')})`, variant);
    return transport;
  }

  /** RelayTransportFactory: the same client path pointed at host:port (the counting relay). */
  create(variant: VariantName, host: string, port: number): BuiltTransport<RowsTransport> {
    const built = this.build(variant, this.relayAddress(variant, host, port));
    return { transport: unary(variant, built.transport), close: built.close };
  }

  /** The streaming twin of create, for a wire-bytes pass over a streaming variant. */
  createStreaming(variant: VariantName, host: string, port: number): BuiltTransport<StreamingRowsTransport> {
    const built = this.build(variant, this.relayAddress(variant, host, port));
    if (!isStreamingTransport(built.transport)) throw new ScenarioValidationError('variant', { values: STREAMING_VARIANTS }, `${variant} is not a streaming variant`, variant);
    return { transport: built.transport, close: built.close };
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.built.values()].map((b) => b.close()));
    this.built.clear();
  }

  private cached(variant: VariantName): RowsTransport | StreamingRowsTransport {
    let entry = this.built.get(variant);
    if (!entry) {
      entry = this.build(variant, this.serverAddress(variant));
      this.built.set(variant, entry);
    }
    return entry.transport;
  }

  private relayAddress(variant: VariantName, host: string, port: number): string {
    return VARIANTS[variant].family === 'grpc' ? `${host}:${port}` : `http://${host}:${port}`;
  }

  /** Where a variant's server is: a URL for the HTTP variants, host:port for gRPC; a +gzip twin's is its path's. */
  private serverAddress(variant: VariantName): string {
    const { targets } = this.config;
    if (VARIANTS[variant].family === 'grpc') return targets.grpcAddress;
    const { path } = variantPath(variant);
    if (path === 'json-fastify') return targets.fastifyJsonUrl;
    if (path === 'json-h2') return targets.h2JsonUrl;
    return targets.jsonUrl;
  }

  private build(variant: VariantName, address: string): BuiltTransport {
    const timeout = this.config.requestTimeoutMs;
    const { path, compression } = variantPath(variant);
    switch (path) {
      // One axios client (Nest's HttpService) for every path but json-undici; the variants differ in its options.
      case 'json':
      case 'json-fastify':
        return { transport: new JsonHttpTransport(this.http, address, timeout, { compression }), close: async () => undefined };
      case 'proto-http':
        return { transport: new JsonHttpTransport(this.http, address, timeout, { encoding: 'protobuf', compression }), close: async () => undefined };
      case 'json-h2':
        return { transport: new JsonHttpTransport(this.http, address, timeout, { httpVersion: 2, compression }), close: async () => undefined };
      // The json client (axios), asking the same server for NDJSON in chunks instead of one body.
      case 'json-stream':
        return { transport: new JsonStreamTransport(this.http, address, timeout), close: async () => undefined };
      case 'json-undici': {
        const transport = new JsonUndiciTransport(address, timeout, { compression });
        return { transport, close: () => transport.close() };
      }
      case 'grpc':
      case 'grpc-sliced': {
        // What ClientsModule.register builds, from the one options factory; deserializers also count payload bytes
        // and time the decode, the interceptor stamps headers and reads the server-timing trailer.
        const client = ClientProxyFactory.create(
          sampleGrpcOptions({
            url: address,
            maxMessageBytes: this.config.grpcMaxMessageBytes,
            packageDefinition: withPayloadByteCounts(loadSamplePackageDefinition()),
            interceptors: [grpcPhaseInterceptor],
          }),
        ) as unknown as ClientGrpcProxy;
        // grpc-sliced is the grpc client plus one request metadata entry asking for sliced encoding.
        const options = path === 'grpc-sliced' ? { sliceRows: this.config.grpcSliceRows } : {};
        const transport = new GrpcTransport(client.getService<SampleServiceClient>(SAMPLE_SERVICE), address, timeout, options);
        return { transport, close: async () => client.close() };
      }
      case 'grpc-bare': {
        const transport = new GrpcBareTransport(address, this.config.grpcMaxMessageBytes, timeout);
        return { transport, close: async () => transport.close() };
      }
    }
  }
}

const STREAMING_VARIANTS = (Object.keys(VARIANTS) as VariantName[]).filter((v) => VARIANTS[v].streaming === true);
const UNARY_VARIANTS = (Object.keys(VARIANTS) as VariantName[]).filter((v) => VARIANTS[v].streaming !== true);

// A streaming variant asked for one reply per request: a 400 naming the variant, not a crash in the engine.
function unary(variant: VariantName, transport: RowsTransport | StreamingRowsTransport): RowsTransport {
  if (isStreamingTransport(transport)) {
    throw new ScenarioValidationError('variant', { values: UNARY_VARIANTS }, `${variant} streams its rows in chunks; it runs in a stream scenario, not one reply per request`, variant);
  }
  return transport;
}
