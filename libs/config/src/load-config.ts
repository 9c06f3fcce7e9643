import { resolve } from 'node:path';
import { Env, readChoice, readHost, readHostPort, readHttpUrl, readInt, readPath, readPort } from './env-readers';
import {
  ClientBudget,
  HttpTimeouts,
  LoadLimits,
  LOG_LEVELS,
  LogLevelSetting,
  ServerMemory,
  NETWORK_LINK_LATENCY,
  NetworkLink,
  SERVER_RESOURCES_FROM,
  SERVER_RESOURCES_MODES,
  WirebenchConfig,
} from './wirebench-config.interface';
import { ConfigError } from './config-error';
import { HTTP2_DEFAULT_WINDOW } from './config.constants';
import { readOpenFilesLimit } from './read-open-files-limit';
import { readUserShape } from './read-user-shape';
import { BINARY_BLOB_BYTES, MAX_BINARY_BLOB_BYTES } from '@app/shapes';

/** The defaults; the only place a port, limit or timeout is written down. */
export const DEFAULTS = {
  host: '127.0.0.1',
  clientPort: 3000,
  jsonServerPort: 3001,
  grpcServerPort: 3002,
  bareJsonServerPort: 3011,
  bareGrpcServerPort: 3012,
  // The bare Connect server: over HTTP/1.1, and over h2c (the gRPC protocol needs HTTP/2).
  bareConnectServerPort: 3013,
  bareConnectH2ServerPort: 3014,
  // The JSON server's module on Fastify: over HTTP/1.1, and over HTTP/2 without TLS (h2c).
  fastifyJsonServerPort: 3021,
  h2JsonServerPort: 3022,
  // The Go reference servers (the native floor).
  goJsonServerPort: 3031,
  goGrpcServerPort: 3032,
  serverWorkers: 1,
  // The article's largest case. 5,000,000 cannot work over JSON: its ~1.4 GB of text is past V8's 512 MB string
  // limit, so no Node process can JSON.stringify or JSON.parse it; see docs/configuration.md, "Limits".
  maxRows: 1_000_000,
  // Streaming holds one chunk at a time, so the bound is time, not memory: 100,000,000 rows are minutes.
  maxStreamRows: 100_000_000,
  streamChunkRows: 1000,
  maxRequests: 100_000,
  maxRuns: 100,
  maxWarmup: 100,
  // Rows one client call may fetch in all (rows x requests x runs incl. warm-up and wire pass, over its variants):
  // the explain preset's 1,000,000-row case on ten variants is about 70,000,000; this leaves room for more runs.
  maxCallRows: 200_000_000,
  // 1,000,000 article rows are ~150 MB of protobuf; 1 GiB leaves room for the 5,000,000-row limit.
  grpcMaxMessageBytes: 1024 ** 3,
  // grpc-sliced: rows per encode on the server. 1,000 article rows are ~150 kB of protobuf, cache-sized pieces.
  grpcSliceRows: 1000,
  // grpc-window: the HTTP/2 flow-control window the grpc-window variant's client offers (bytes). HTTP/2 starts every
  // connection and stream at 65,535; over a 40 ms round trip that alone caps one stream near 13 Mbit/s.
  grpcFlowControlWindow: 4 * 1024 * 1024,
  // json-h2-window: the same for the json-h2 client (axios over node:http2), whose window Node 20 also opens at 65,535.
  jsonH2FlowControlWindow: 4 * 1024 * 1024,
  load: {
    maxConcurrency: 10_000,
    maxConnections: 10_000,
    maxDurationS: 3600,
    maxWarmupS: 600,
    maxRequests: 100_000_000,
    maxRate: 1_000_000,
    maxTimeoutMs: 600_000,
    maxGenerators: 16,
  },
  // A call to GET /client/load holds its HTTP request open for the whole level.
  endpointLoad: { maxConcurrency: 1000, maxDurationS: 30, maxWarmupS: 10 },
  // What one server process holds of encoded replies at once (ServerMemory): 512 MiB admits one 1,000,000-row JSON
  // body (~290 MB) or two protobuf ones (~200 MB each), whose building costs several times that in RSS.
  maxInflightBytes: 512 * 1024 * 1024,
  maxRequestBytes: 64 * 1024,
  // What one stream holds of encoded rows: its chunk in the making plus those written and not yet taken.
  streamBufferBytes: 64 * 1024 * 1024,
  requestTimeoutMs: 120_000,
  // Under the mobile profile 156 MB of gRPC behind a 64 KiB window (~0.8 MB/s at 80 ms) takes over 3 minutes.
  networkRequestTimeoutMs: 900_000,
  // Node's own are 60 s for headers and 300 s for a request: a workbench's callers are local and quick.
  httpHeadersTimeoutMs: 10_000,
  httpRequestTimeoutMs: 30_000,
  httpKeepAliveTimeoutMs: 5_000,
  // Room for the 1,000 parallel connections of the article's largest case and then some (Node's default is 511).
  httpListenBacklog: 4_096,
  // The gRPC servers' equivalents. A handshake is a few bytes, so as long as the HTTP headers timeout is plenty;
  // an idle connection is dropped later than an HTTP keep-alive one, as a gRPC channel is meant to be reused. The
  // keepalive ping finds peers that vanished with calls in flight (a silent one without calls is the idle timeout's):
  // a client decoding 1,000,000 rows answers no ping for seconds, so a ping every 5 minutes, and as long to answer
  // as a request may take (REQUEST_TIMEOUT_MS).
  grpcHandshakeTimeoutMs: 10_000,
  grpcIdleTimeoutMs: 30_000,
  grpcKeepaliveTimeMs: 300_000,
  grpcKeepaliveTimeoutMs: 120_000,
  // A process's file descriptors kept for itself before sockets to servers: for the client its listening socket,
  // stdio, epoll, files it writes, the pipes of up to MAX_LOAD_GENERATORS generator processes, gRPC and HTTP/2
  // connections; for a load generator, which inherits the client's limit, its own few.
  clientFdReserve: 128,
  // The default socket pool's ceiling, however many descriptors there are: measured with 100,000 parallel 1-row
  // requests, at 6,624 sockets the client took 17-23 s to answer GET /client (some 408s) and kept 1.0 GB RSS after;
  // at 1,000, at most 5.3 s and 0.6 GB. One event loop does not go faster with more sockets than that.
  clientMaxSocketsCeiling: 1000,
  // Where the open-files limit cannot be read (not Linux): the common soft limit.
  assumedOpenFilesLimit: 1024,
  // Measurement calls at once: each can hold every pooled socket and a core; more only slow each other down.
  clientMaxCalls: 4,
  // A call of this many rows in all is seconds of CPU on both sides (1,000,000 rows of gRPC: ~20 s alone here); two at
  // once on 2 cores, beside a server's own work, ran past REQUEST_TIMEOUT_MS in the soak probe.
  clientHeavyCallRows: 1_000_000,
  // Requests cost as rows do: on a quiet 2-core machine 100,000 parallel 1-row JSON requests took 42 s and 20,000 gRPC
  // calls 9 s, against 12-15 s for one 1,000,000-row gRPC reply. In the soak probe such a call ran beside a
  // 1,000,000-row one (neither heavy by rows) and made it take 59 s, and past REQUEST_TIMEOUT_MS with more beside.
  clientHeavyCallRequests: 20_000,
  clientRetryAfterS: 5,
  // Seldom enough not to flood the log, often enough that a long call never looks hung.
  progressLogMs: 5_000,
  // Relative to the directory the app starts in; npm scripts start in the repository root.
  resultsDir: 'bench-results',
  // The tag npm run docker:build gives the workbench image.
  swarmImage: 'wirebench:local',
  // A task that has not started by then lacks a node with room or the image on its node. Generous: on this machine's
  // vfs storage driver (it copies the whole image per container) two tasks of a 570 MB image took ~45 s to start.
  swarmTaskStartTimeoutMs: 180_000,
} as const;

// rowNum is an int32 on the wire and the gRPC request's count is one too.
const INT32_MAX = 2 ** 31 - 1;
// grpc-js takes message sizes as int32.
const GRPC_MESSAGE_MAX = 2 ** 31 - 1;

/**
 * Reads, validates and defaults every setting. Throws ConfigError (one line, naming the variable) on a bad value.
 * `openFilesLimit` is this process's (read from /proc); the client's socket budget is derived from it.
 */
export function loadConfig(
  env: Env = process.env,
  openFilesLimit: number | null = readOpenFilesLimit(),
): WirebenchConfig {
  const fdsAvailable = Math.max(1, (openFilesLimit ?? DEFAULTS.assumedOpenFilesLimit) - DEFAULTS.clientFdReserve);
  const jsonServer = {
    host: readHost(env, 'JSON_SERVER_HOST', DEFAULTS.host),
    port: readPort(env, 'JSON_SERVER_PORT', DEFAULTS.jsonServerPort),
  };
  const grpcServer = {
    host: readHost(env, 'GRPC_SERVER_HOST', DEFAULTS.host),
    port: readPort(env, 'GRPC_SERVER_PORT', DEFAULTS.grpcServerPort),
  };
  const client = {
    host: readHost(env, 'CLIENT_HOST', DEFAULTS.host),
    port: readPort(env, 'CLIENT_PORT', DEFAULTS.clientPort),
  };
  // The bare reference servers bind where their Nest counterparts do, on ports of their own.
  const bareJsonServer = {
    host: jsonServer.host,
    port: readPort(env, 'BARE_JSON_SERVER_PORT', DEFAULTS.bareJsonServerPort),
  };
  const bareGrpcServer = {
    host: grpcServer.host,
    port: readPort(env, 'BARE_GRPC_SERVER_PORT', DEFAULTS.bareGrpcServerPort),
  };
  const bareConnectServer = {
    host: jsonServer.host,
    port: readPort(env, 'BARE_CONNECT_SERVER_PORT', DEFAULTS.bareConnectServerPort),
  };
  const bareConnectH2Server = {
    host: jsonServer.host,
    port: readPort(env, 'BARE_CONNECT_H2_SERVER_PORT', DEFAULTS.bareConnectH2ServerPort),
  };
  // The JSON server's other instances (Fastify, h2c) bind where it does, on ports of their own.
  const fastifyJsonServer = {
    host: jsonServer.host,
    port: readPort(env, 'FASTIFY_JSON_SERVER_PORT', DEFAULTS.fastifyJsonServerPort),
  };
  const h2JsonServer = { host: jsonServer.host, port: readPort(env, 'H2_JSON_SERVER_PORT', DEFAULTS.h2JsonServerPort) };
  // The Go reference servers bind where the Nest servers of their family do (their own main.go reads the same).
  const goJsonServer = { host: jsonServer.host, port: readPort(env, 'GO_JSON_SERVER_PORT', DEFAULTS.goJsonServerPort) };
  const goGrpcServer = { host: grpcServer.host, port: readPort(env, 'GO_GRPC_SERVER_PORT', DEFAULTS.goGrpcServerPort) };
  const maxRows = readInt(env, 'MAX_ROWS', DEFAULTS.maxRows, 1, INT32_MAX);
  const requestTimeoutMs = readInt(env, 'REQUEST_TIMEOUT_MS', DEFAULTS.requestTimeoutMs, 1, 3_600_000);
  const maxRequests = readInt(env, 'MAX_REQUESTS', DEFAULTS.maxRequests, 1, 10_000_000);
  const load = DEFAULTS.load;
  const loadLimits: LoadLimits = {
    maxConcurrency: readInt(env, 'MAX_LOAD_CONCURRENCY', load.maxConcurrency, 1, 1_000_000),
    maxConnections: readInt(env, 'MAX_LOAD_CONNECTIONS', load.maxConnections, 1, 1_000_000),
    maxDurationS: readInt(env, 'MAX_LOAD_DURATION_S', load.maxDurationS, 1, 86_400),
    maxWarmupS: readInt(env, 'MAX_LOAD_WARMUP_S', load.maxWarmupS, 0, 86_400),
    maxRequests: readInt(env, 'MAX_LOAD_REQUESTS', load.maxRequests, 1, 1_000_000_000),
    maxRate: readInt(env, 'MAX_LOAD_RATE', load.maxRate, 1, 100_000_000),
    maxTimeoutMs: readInt(env, 'MAX_LOAD_TIMEOUT_MS', load.maxTimeoutMs, 1, 3_600_000),
    maxGenerators: readInt(env, 'MAX_LOAD_GENERATORS', load.maxGenerators, 1, 256),
    maxGeneratorSockets: fdsAvailable,
  };
  const serverMemory = readServerMemory(env);
  const config: WirebenchConfig = {
    client,
    jsonServer,
    grpcServer,
    bareJsonServer,
    bareGrpcServer,
    bareConnectServer,
    bareConnectH2Server,
    fastifyJsonServer,
    h2JsonServer,
    goJsonServer,
    goGrpcServer,
    serverWorkers: readInt(env, 'SERVER_WORKERS', DEFAULTS.serverWorkers, 1, 64),
    targets: {
      jsonUrl: readHttpUrl(env, 'JSON_SERVER_URL', `http://${reachable(jsonServer.host)}:${jsonServer.port}`),
      grpcAddress: readHostPort(env, 'GRPC_SERVER_ADDRESS', `${reachable(grpcServer.host)}:${grpcServer.port}`),
      clientUrl: readHttpUrl(env, 'CLIENT_URL', `http://${reachable(client.host)}:${client.port}`),
      bareJsonUrl: readHttpUrl(
        env,
        'BARE_JSON_SERVER_URL',
        `http://${reachable(bareJsonServer.host)}:${bareJsonServer.port}`,
      ),
      bareGrpcAddress: readHostPort(
        env,
        'BARE_GRPC_SERVER_ADDRESS',
        `${reachable(bareGrpcServer.host)}:${bareGrpcServer.port}`,
      ),
      bareConnectUrl: readHttpUrl(
        env,
        'BARE_CONNECT_SERVER_URL',
        `http://${reachable(bareConnectServer.host)}:${bareConnectServer.port}`,
      ),
      // http:// and HTTP/2 by prior knowledge, as H2_JSON_SERVER_URL.
      bareConnectH2Url: readHttpUrl(
        env,
        'BARE_CONNECT_H2_SERVER_URL',
        `http://${reachable(bareConnectH2Server.host)}:${bareConnectH2Server.port}`,
      ),
      fastifyJsonUrl: readHttpUrl(
        env,
        'FASTIFY_JSON_SERVER_URL',
        `http://${reachable(fastifyJsonServer.host)}:${fastifyJsonServer.port}`,
      ),
      // http:// and HTTP/2 by prior knowledge: the client speaks h2 on it without TLS or an upgrade.
      h2JsonUrl: readHttpUrl(env, 'H2_JSON_SERVER_URL', `http://${reachable(h2JsonServer.host)}:${h2JsonServer.port}`),
      goJsonUrl: readHttpUrl(env, 'GO_JSON_SERVER_URL', `http://${reachable(goJsonServer.host)}:${goJsonServer.port}`),
      goGrpcAddress: readHostPort(
        env,
        'GO_GRPC_SERVER_ADDRESS',
        `${reachable(goGrpcServer.host)}:${goGrpcServer.port}`,
      ),
    },
    limits: {
      streamBufferBytes: serverMemory.streamBufferBytes,
      maxRows,
      maxStreamRows: readInt(env, 'MAX_STREAM_ROWS', DEFAULTS.maxStreamRows, 1, INT32_MAX),
      maxRequests,
      maxConcurrency: readInt(env, 'MAX_CONCURRENCY', maxRequests, 1, maxRequests),
      maxRuns: readInt(env, 'MAX_RUNS', DEFAULTS.maxRuns, 1, 100_000),
      maxWarmup: readInt(env, 'MAX_WARMUP', DEFAULTS.maxWarmup, 0, 100_000),
      maxCallRows: readInt(env, 'MAX_CALL_ROWS', DEFAULTS.maxCallRows, 1, Number.MAX_SAFE_INTEGER),
    },
    loadLimits,
    endpointLoadLimits: {
      ...loadLimits,
      maxConcurrency: readInt(
        env,
        'MAX_ENDPOINT_LOAD_CONCURRENCY',
        Math.min(DEFAULTS.endpointLoad.maxConcurrency, loadLimits.maxConcurrency),
        1,
        loadLimits.maxConcurrency,
      ),
      maxDurationS: readInt(
        env,
        'MAX_ENDPOINT_LOAD_DURATION_S',
        Math.min(DEFAULTS.endpointLoad.maxDurationS, loadLimits.maxDurationS),
        1,
        loadLimits.maxDurationS,
      ),
      maxWarmupS: readInt(
        env,
        'MAX_ENDPOINT_LOAD_WARMUP_S',
        Math.min(DEFAULTS.endpointLoad.maxWarmupS, loadLimits.maxWarmupS),
        0,
        loadLimits.maxWarmupS,
      ),
    },
    grpcMaxMessageBytes: readInt(
      env,
      'GRPC_MAX_MESSAGE_BYTES',
      DEFAULTS.grpcMaxMessageBytes,
      4 * 1024 * 1024,
      GRPC_MESSAGE_MAX,
    ),
    // A chunk is one gRPC message (or one NDJSON write), so it is held to the unary limit.
    streamChunkRows: readInt(env, 'STREAM_CHUNK_ROWS', Math.min(DEFAULTS.streamChunkRows, maxRows), 1, maxRows),
    progressLogMs: readInt(env, 'CLIENT_PROGRESS_LOG_MS', DEFAULTS.progressLogMs, 100, 3_600_000),
    grpcSliceRows: readInt(env, 'GRPC_SLICE_ROWS', Math.min(DEFAULTS.grpcSliceRows, maxRows), 1, maxRows),
    grpcFlowControlWindow: readInt(
      env,
      'GRPC_FLOW_CONTROL_WINDOW',
      DEFAULTS.grpcFlowControlWindow,
      HTTP2_DEFAULT_WINDOW,
      INT32_MAX,
    ),
    jsonH2FlowControlWindow: readInt(
      env,
      'JSON_H2_FLOW_CONTROL_WINDOW',
      DEFAULTS.jsonH2FlowControlWindow,
      HTTP2_DEFAULT_WINDOW,
      INT32_MAX,
    ),
    requestTimeoutMs,
    networkRequestTimeoutMs: readInt(
      env,
      'NETWORK_REQUEST_TIMEOUT_MS',
      Math.max(DEFAULTS.networkRequestTimeoutMs, requestTimeoutMs),
      requestTimeoutMs,
      3_600_000,
    ),
    httpTimeouts: readHttpTimeouts(env),
    httpListenBacklog: readInt(env, 'HTTP_LISTEN_BACKLOG', DEFAULTS.httpListenBacklog, 1, 65_535),
    serverMemory,
    grpcServerTimeouts: {
      handshakeMs: readInt(env, 'GRPC_HANDSHAKE_TIMEOUT_MS', DEFAULTS.grpcHandshakeTimeoutMs, 1, 3_600_000),
      idleMs: readInt(env, 'GRPC_IDLE_TIMEOUT_MS', DEFAULTS.grpcIdleTimeoutMs, 1, 3_600_000),
      keepaliveTimeMs: readInt(env, 'GRPC_KEEPALIVE_TIME_MS', DEFAULTS.grpcKeepaliveTimeMs, 1, 3_600_000),
      keepaliveTimeoutMs: readInt(env, 'GRPC_KEEPALIVE_TIMEOUT_MS', DEFAULTS.grpcKeepaliveTimeoutMs, 1, 3_600_000),
    },
    resultsDir: resolve(readPath(env, 'RESULTS_DIR', DEFAULTS.resultsDir)),
    swarm: {
      image: readPath(env, 'WIREBENCH_IMAGE', DEFAULTS.swarmImage),
      taskStartTimeoutMs: readInt(
        env,
        'SWARM_TASK_START_TIMEOUT_MS',
        DEFAULTS.swarmTaskStartTimeoutMs,
        1_000,
        3_600_000,
      ),
    },
    networkLink: readNetworkLink(env),
    // Off on a non-loopback bind unless asked for: the admin endpoint must not expose anything by accident.
    serverResources: readChoice(env, 'SERVER_RESOURCES', 'auto', SERVER_RESOURCES_MODES),
    serverResourcesFrom: readChoice(env, 'SERVER_RESOURCES_FROM', 'auto', SERVER_RESOURCES_FROM),
    clientBudget: readClientBudget(env, openFilesLimit, fdsAvailable),
    logLevel: readLogLevel(env),
    userShape: readUserShape(env),
    binaryBlobBytes: readInt(env, 'BINARY_BLOB_BYTES', BINARY_BLOB_BYTES, 1, MAX_BINARY_BLOB_BYTES),
  };
  return config;
}

// 'info' is what most other tools call Nest's 'log': a shell that sets LOG_LEVEL=info for them should not stop the
// apps.
function readLogLevel(env: Env): LogLevelSetting {
  if (env.LOG_LEVEL?.trim().toLowerCase() === 'info') return 'log';
  return readChoice(env, 'LOG_LEVEL', 'log', LOG_LEVELS);
}

// A server bound to every interface is still reached through loopback by a client on the same machine.
function reachable(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

// The link settings come together (the bench CLI sets them for the client it starts) or not at all: a peer without
// a calibration server would leave its profiles unmeasured.
function readNetworkLink(env: Env): NetworkLink | null {
  const peer = readHost(env, 'NETWORK_LINK_PEER', '');
  const calibrationPort = readPort(env, 'NETWORK_LINK_CALIBRATION_PORT', 0);
  const latency = readChoice(env, 'NETWORK_LINK_LATENCY', 'toxiproxy', NETWORK_LINK_LATENCY);
  if (peer === '') {
    const stray = ['NETWORK_LINK_CALIBRATION_PORT', 'NETWORK_LINK_LATENCY'].find(
      (name) => (env[name] ?? '').trim() !== '',
    );
    if (stray)
      throw new ConfigError(
        stray,
        `${stray} is set without NETWORK_LINK_PEER: it describes a shaped link and needs its peer`,
      );
    return null;
  }
  if (calibrationPort === 0)
    throw new ConfigError(
      'NETWORK_LINK_CALIBRATION_PORT',
      'NETWORK_LINK_PEER needs NETWORK_LINK_CALIBRATION_PORT (1 to 65535): the calibration server on the peer',
    );
  return { peer, calibrationPort, latency };
}

// A stream's budget is part of the server's: a stream larger than the whole server's could never be admitted.
function readServerMemory(env: Env): ServerMemory {
  const maxInflightBytes = readInt(
    env,
    'MAX_INFLIGHT_BYTES',
    DEFAULTS.maxInflightBytes,
    1024 * 1024,
    Number.MAX_SAFE_INTEGER,
  );
  const streamBufferBytes = readInt(
    env,
    'STREAM_BUFFER_BYTES',
    Math.min(DEFAULTS.streamBufferBytes, maxInflightBytes),
    64 * 1024,
    maxInflightBytes,
  );
  const maxRequestBytes = readInt(
    env,
    'MAX_REQUEST_BYTES',
    Math.min(DEFAULTS.maxRequestBytes, maxInflightBytes),
    1024,
    maxInflightBytes,
  );
  return { maxInflightBytes, streamBufferBytes, maxRequestBytes };
}

/**
 * The client's sockets come out of its open-files limit, less what it keeps for itself. A wire pass relays each of
 * a run's sockets through a counting relay inside the client (its accepted end and its upstream: two more
 * descriptors), so the default pool is a third of what is left, at most clientMaxSocketsCeiling: a run, measured or
 * counted, stays within the limit.
 */
function readClientBudget(env: Env, openFilesLimit: number | null, available: number): ClientBudget {
  return {
    openFilesLimit,
    maxSockets: readInt(
      env,
      'CLIENT_MAX_SOCKETS',
      Math.max(1, Math.min(DEFAULTS.clientMaxSocketsCeiling, Math.floor(available / 3))),
      1,
      available,
    ),
    maxCalls: readInt(env, 'CLIENT_MAX_CALLS', DEFAULTS.clientMaxCalls, 1, 1000),
    heavyCallRows: readInt(env, 'CLIENT_HEAVY_CALL_ROWS', DEFAULTS.clientHeavyCallRows, 1, Number.MAX_SAFE_INTEGER),
    heavyCallRequests: readInt(
      env,
      'CLIENT_HEAVY_CALL_REQUESTS',
      DEFAULTS.clientHeavyCallRequests,
      1,
      Number.MAX_SAFE_INTEGER,
    ),
    retryAfterS: DEFAULTS.clientRetryAfterS,
  };
}

// Node refuses a headers timeout longer than the request timeout, so that is checked here, with a message.
function readHttpTimeouts(env: Env): HttpTimeouts {
  const requestMs = readInt(env, 'HTTP_REQUEST_TIMEOUT_MS', DEFAULTS.httpRequestTimeoutMs, 1, 3_600_000);
  const headersMs = readInt(
    env,
    'HTTP_HEADERS_TIMEOUT_MS',
    Math.min(DEFAULTS.httpHeadersTimeoutMs, requestMs),
    1,
    requestMs,
  );
  return {
    headersMs,
    requestMs,
    keepAliveMs: readInt(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', DEFAULTS.httpKeepAliveTimeoutMs, 1, 3_600_000),
  };
}
