import type { Shape } from '@app/shapes';

/** Where one app listens. */
export interface ListenAddress {
  host: string;
  port: number;
}

/** Upper bounds on what one client request may ask for; each is an inclusive maximum. */
export interface Limits {
  maxRows: number;
  /** Rows per streamed request (json-stream, grpc-stream): no layer holds them all, so far more than maxRows. */
  maxStreamRows: number;
  maxRequests: number;
  maxConcurrency: number;
  maxRuns: number;
  maxWarmup: number;
  /**
   * Rows fetched by one client call in all: rows x requests x every run (warm-up, measured, wire pass) x transports.
   */
  maxCallRows: number;
  /** The servers' STREAM_BUFFER_BYTES, so a chunk a server would refuse is refused here first, with the same words. */
  streamBufferBytes: number;
}

/**
 * Upper bounds on one load level; the CLI and GET /client/load each have their own (an endpoint call holds its request
 * open).
 */
export interface LoadLimits {
  maxConcurrency: number;
  maxConnections: number;
  maxDurationS: number;
  maxWarmupS: number;
  maxRequests: number;
  maxRate: number;
  maxTimeoutMs: number;
  maxGenerators: number;
  /**
   * Sockets one generator process may open: its open-files limit (a child inherits this process's) less what it
   * keeps for itself. Past it, autocannon meets EMFILE on every reconnect and spins instead of ending the level.
   */
  maxGeneratorSockets: number;
}

/** How long the HTTP servers (client, JSON on Express and Fastify, bare JSON) wait on a slow or stalled caller. */
export interface HttpTimeouts {
  /** To receive a request's headers. */
  headersMs: number;
  /** To receive a whole request (not to answer it). */
  requestMs: number;
  /** An idle kept-alive socket. */
  keepAliveMs: number;
}

/**
 * What a server may hold of encoded replies, so that calls inside the row limits cannot exhaust its memory. A reply
 * reserves the largest size its rows can encode to; one that does not fit what is left is answered 503 / gRPC
 * RESOURCE_EXHAUSTED at once instead of being built.
 */
export interface ServerMemory {
  /** MAX_INFLIGHT_BYTES: one server process's replies and streams at once. */
  maxInflightBytes: number;
  /**
   * STREAM_BUFFER_BYTES: one stream's chunk in the making plus its chunks written and not yet taken; a chunk must fit.
   */
  streamBufferBytes: number;
  /**
   * MAX_REQUEST_BYTES: the largest request message (a body, a gRPC message) a server reads. This service's requests
   * are a few bytes; a larger one is refused by its declared size before it is read whole.
   */
  maxRequestBytes: number;
}

/**
 * How long the gRPC servers (Nest and bare) keep a connection that does nothing useful. grpc-js applies none of
 * these by default, so a socket that never speaks HTTP/2, or never calls, holds its file descriptor for ever.
 */
export interface GrpcServerTimeouts {
  /** For a new connection to send the HTTP/2 client preface and its SETTINGS frame header; else destroyed. */
  handshakeMs: number;
  /** A connection without a call in flight for this long gets GOAWAY (`grpc.max_connection_idle_ms`). */
  idleMs: number;
  /** The server pings each connection this often (`grpc.keepalive_time_ms`)... */
  keepaliveTimeMs: number;
  /** ...and destroys it when the ping is not answered in this time (`grpc.keepalive_timeout_ms`). */
  keepaliveTimeoutMs: number;
}

export const SERVER_RESOURCES_MODES = ['auto', 'on', 'off'] as const;
/** Whether a server answers the resource admin endpoint / RPC; auto = only when it binds a loopback address. */
export type ServerResourcesMode = (typeof SERVER_RESOURCES_MODES)[number];

/**
 * How much the Nest apps log (LOG_LEVEL), each level showing itself and everything more severe. `log` is what a user
 * needs: where each app listens, its measurements, warnings and errors. Nest's own start-up lines (modules
 * initialised, every route mapped) are `debug`. Nothing quieter than `log`: the "listening on" line is what
 * `npm run start:all`, the bench's launcher and the tests wait for.
 */
export const LOG_LEVELS = ['log', 'debug', 'verbose'] as const;
export type LogLevelSetting = (typeof LOG_LEVELS)[number];

export const SERVER_RESOURCES_FROM = ['auto', 'proc', 'server'] as const;
/** Where the engine reads a server's CPU and memory: auto = /proc when the server is local, else its own report. */
export type ServerResourcesFrom = (typeof SERVER_RESOURCES_FROM)[number];

export const NETWORK_LINK_LATENCY = ['toxiproxy', 'netem'] as const;

/**
 * A link between client and servers on which the profiles are put by whoever built it (`--hosts netns` for the
 * client it starts: tc tbf on a veth pair), so the client adds only what the link does not do.
 */
export interface NetworkLink {
  /** The servers' address across the link: the one upstream beyond loopback a shaping proxy may point at. */
  peer: string;
  /** A calibration server on the peer (same link, same shaping), which each profile's path is measured against. */
  calibrationPort: number;
  /** Who adds a profile's delay and jitter: netem on the link, or the client's Toxiproxy in front of it. */
  latency: (typeof NETWORK_LINK_LATENCY)[number];
}

/**
 * What the client app may hold at once, so that it stays within its open-files limit and keeps answering while it
 * measures (CLIENT_MAX_SOCKETS, CLIENT_MAX_CALLS).
 */
export interface ClientBudget {
  /** The process's open-files soft limit, read at start-up (/proc/self/limits); null where it could not be read. */
  openFilesLimit: number | null;
  /** Sockets each HTTP/1.1 pool of the client (axios's agent, undici's) may hold; requests beyond wait in the pool. */
  maxSockets: number;
  /** Measurement calls (bench, compare, single, parallel, load) at once; one more is answered 503 with Retry-After. */
  maxCalls: number;
  /** Rows in all from which a call is heavy: one heavy call (or load level) at a time, others answered 503. */
  heavyCallRows: number;
  /** Requests in all from which a call is heavy, whatever their rows (CLIENT_HEAVY_CALL_REQUESTS). */
  heavyCallRequests: number;
  /** Seconds a 503 for a busy client, or one out of file descriptors, asks the caller to wait (Retry-After). */
  retryAfterS: number;
}

/** Everything a user may want to change, typed and validated. Built only by loadConfig. */
export interface WirebenchConfig {
  client: ListenAddress;
  jsonServer: ListenAddress;
  grpcServer: ListenAddress;
  /** The reference servers without Nest (node:http, plain grpc-js), for "what does the framework cost". */
  bareJsonServer: ListenAddress;
  bareGrpcServer: ListenAddress;
  /** The bare Connect server (connect-node on node:http, and on node:http2 without TLS), on the JSON server's host. */
  bareConnectServer: ListenAddress;
  bareConnectH2Server: ListenAddress;
  /** The JSON server's module and controller on Fastify over HTTP/1.1 (variant json-fastify) and over h2c (json-h2). */
  fastifyJsonServer: ListenAddress;
  h2JsonServer: ListenAddress;
  /**
   * The Go reference servers (native/go-servers: net/http + encoding/json, grpc-go + protobuf-go), the native floor the
   * go-* variants time; they read the same variables (GO_JSON_SERVER_PORT on JSON_SERVER_HOST, GO_GRPC_SERVER_PORT on
   * GRPC_SERVER_HOST).
   */
  goJsonServer: ListenAddress;
  goGrpcServer: ListenAddress;
  /** Processes per server (node:cluster); 1 = no cluster. */
  serverWorkers: number;
  /**
   * Where the client sends its requests (and the bench CLI finds the client); by default the apps' own listen
   * addresses.
   */
  targets: {
    jsonUrl: string;
    grpcAddress: string;
    clientUrl: string;
    bareJsonUrl: string;
    bareGrpcAddress: string;
    bareConnectUrl: string;
    bareConnectH2Url: string;
    fastifyJsonUrl: string;
    h2JsonUrl: string;
    goJsonUrl: string;
    goGrpcAddress: string;
  };
  limits: Limits;
  /** `npm run load`. */
  loadLimits: LoadLimits;
  /** GET /client/load: short levels only, longer ones belong to `npm run load`. */
  endpointLoadLimits: LoadLimits;
  /** gRPC max send/receive message size on both sides. */
  grpcMaxMessageBytes: number;
  /**
   * grpc-sliced: the rows per encode the client asks the server for (request metadata wirebench-slice-rows);
   * 1..MAX_ROWS, as the server checks it.
   */
  grpcSliceRows: number;
  /**
   * grpc-window: the HTTP/2 flow-control window (bytes) its client offers, per connection and stream
   * (GRPC_FLOW_CONTROL_WINDOW).
   */
  grpcFlowControlWindow: number;
  /**
   * json-h2-window: the HTTP/2 flow-control window (bytes) the json-h2 client offers, per connection and stream
   * (JSON_H2_FLOW_CONTROL_WINDOW).
   */
  jsonH2FlowControlWindow: number;
  /** Per request, HTTP and gRPC alike: a server that does not answer in time is reported, not waited for. */
  requestTimeoutMs: number;
  /**
   * The same, for a path shaped by a network profile (NETWORK_REQUEST_TIMEOUT_MS, never below requestTimeoutMs):
   * 1,000,000 rows of gRPC behind a 64 KiB HTTP/2 window at 40-80 ms round trips take minutes, not seconds.
   */
  networkRequestTimeoutMs: number;
  httpTimeouts: HttpTimeouts;
  /**
   * HTTP_LISTEN_BACKLOG: the HTTP servers' accept queue (the kernel caps it at net.core.somaxconn). Node's 511
   * overflows under the article's 1,000 parallel requests on fresh connections: a dropped handshake can come back as a
   * reset, which the client sees as EPIPE.
   */
  httpListenBacklog: number;
  serverMemory: ServerMemory;
  /** GRPC_HANDSHAKE_TIMEOUT_MS, GRPC_IDLE_TIMEOUT_MS, GRPC_KEEPALIVE_TIME_MS, GRPC_KEEPALIVE_TIMEOUT_MS. */
  grpcServerTimeouts: GrpcServerTimeouts;
  /** Rows per message / NDJSON write that the streaming clients ask for by default (?chunk=, --chunk-rows). */
  streamChunkRows: number;
  /** How often the client logs where a measurement call still running is (CLIENT_PROGRESS_LOG_MS). */
  progressLogMs: number;
  /** Where bench runs and saved endpoint measurements are written (absolute). */
  resultsDir: string;
  /**
   * npm run load --hosts swarm: the workbench image its generator tasks run (WIREBENCH_IMAGE) and how long a task may
   * take to start (SWARM_TASK_START_TIMEOUT_MS).
   */
  swarm: { image: string; taskStartTimeoutMs: number };
  /**
   * NETWORK_LINK_*: the path to the servers is a link shaped on the link itself; null = shaped here by Toxiproxy alone.
   */
  networkLink: NetworkLink | null;
  /** SERVER_RESOURCES: the servers' own CPU / peak RSS report (GET /admin/resources, wirebench.admin.Admin). */
  serverResources: ServerResourcesMode;
  /** SERVER_RESOURCES_FROM: `server` forces the self-report even for a local server (to compare it with /proc). */
  serverResourcesFrom: ServerResourcesFrom;
  clientBudget: ClientBudget;
  /** LOG_LEVEL: what the Nest apps log (the bare servers print only their start-up lines and errors anyway). */
  logLevel: LogLevelSetting;
  /**
   * WIREBENCH_PROTO, WIREBENCH_MESSAGE, WIREBENCH_SAMPLE (WIREBENCH_COUNTER_FIELD): the user's own message as the
   * shape `user`, checked at start-up; null when not set. An app makes it selectable with @app/shapes' useUserShape.
   */
  userShape: Shape | null;
  /**
   * BINARY_BLOB_BYTES: the size of the `binary` shape's blob per row (1 to MAX_BINARY_BLOB_BYTES). An app makes it
   * the registry's with @app/shapes' useBinaryBlobBytes (loadAppConfig); client and servers must agree on it.
   */
  binaryBlobBytes: number;
}
