import { resolve } from 'node:path';
import { ConfigError } from './config-error';
import { DEFAULTS, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('defaults to loopback and the article ports', () => {
    const c = loadConfig({});
    expect(c.client).toEqual({ host: '127.0.0.1', port: 3000 });
    expect(c.jsonServer).toEqual({ host: '127.0.0.1', port: 3001 });
    expect(c.grpcServer).toEqual({ host: '127.0.0.1', port: 3002 });
    expect(c.targets).toEqual({
      jsonUrl: 'http://127.0.0.1:3001',
      grpcAddress: '127.0.0.1:3002',
      clientUrl: 'http://127.0.0.1:3000',
      bareJsonUrl: 'http://127.0.0.1:3011',
      bareGrpcAddress: '127.0.0.1:3012',
      bareConnectUrl: 'http://127.0.0.1:3013',
      bareConnectH2Url: 'http://127.0.0.1:3014',
      fastifyJsonUrl: 'http://127.0.0.1:3021',
      h2JsonUrl: 'http://127.0.0.1:3022',
      goJsonUrl: 'http://127.0.0.1:3031',
      goGrpcAddress: '127.0.0.1:3032',
    });
    expect(c.fastifyJsonServer).toEqual({ host: '127.0.0.1', port: 3021 });
    expect([c.goJsonServer, c.goGrpcServer]).toEqual([
      { host: '127.0.0.1', port: 3031 },
      { host: '127.0.0.1', port: 3032 },
    ]);
    expect(c.h2JsonServer).toEqual({ host: '127.0.0.1', port: 3022 });
    expect(c.serverWorkers).toBe(1);
    expect(c.limits).toEqual({
      maxRows: 1_000_000,
      maxRequests: 100_000,
      maxConcurrency: 100_000,
      maxRuns: 100,
      maxWarmup: 100,
      maxCallRows: 200_000_000,
      maxStreamRows: 100_000_000,
      streamBufferBytes: 64 * 1024 ** 2,
    });
    expect(c.streamChunkRows).toBe(1000);
    expect(c.grpcMaxMessageBytes).toBe(DEFAULTS.grpcMaxMessageBytes);
    expect(c.grpcSliceRows).toBe(1000);
    expect(c.resultsDir).toBe(resolve('bench-results'));
    expect(loadConfig({ RESULTS_DIR: '/tmp/wb' }).resultsDir).toBe('/tmp/wb');
  });

  it('derives client targets from the server settings, and lets them be overridden', () => {
    const c = loadConfig({ JSON_SERVER_PORT: '4001', GRPC_SERVER_HOST: '0.0.0.0', GRPC_SERVER_PORT: '4002' });
    expect(c.targets).toMatchObject({ jsonUrl: 'http://127.0.0.1:4001', grpcAddress: '127.0.0.1:4002' });
    const d = loadConfig({ JSON_SERVER_URL: 'http://10.1.2.3:80/', GRPC_SERVER_ADDRESS: '[::1]:5000' });
    expect(d.targets).toMatchObject({ jsonUrl: 'http://10.1.2.3', grpcAddress: '[::1]:5000' });
    // The Fastify and h2c instances bind where the JSON server does, on their own ports, and have their own targets.
    const e = loadConfig({
      JSON_SERVER_HOST: '0.0.0.0',
      FASTIFY_JSON_SERVER_PORT: '4021',
      H2_JSON_SERVER_PORT: '4022',
      H2_JSON_SERVER_URL: 'http://h2.test:81',
    });
    expect(e.fastifyJsonServer).toEqual({ host: '0.0.0.0', port: 4021 });
    expect(e.h2JsonServer).toEqual({ host: '0.0.0.0', port: 4022 });
    expect(e.targets).toMatchObject({ fastifyJsonUrl: 'http://127.0.0.1:4021', h2JsonUrl: 'http://h2.test:81' });
    // The bare Connect server binds where the JSON server does too, over HTTP/1.1 and h2c on ports of its own.
    const f = loadConfig({
      JSON_SERVER_HOST: '0.0.0.0',
      BARE_CONNECT_SERVER_PORT: '4013',
      BARE_CONNECT_H2_SERVER_PORT: '4014',
      BARE_CONNECT_H2_SERVER_URL: 'http://h2.test:82',
    });
    expect([f.bareConnectServer, f.bareConnectH2Server]).toEqual([
      { host: '0.0.0.0', port: 4013 },
      { host: '0.0.0.0', port: 4014 },
    ]);
    expect(f.targets).toMatchObject({ bareConnectUrl: 'http://127.0.0.1:4013', bareConnectH2Url: 'http://h2.test:82' });
  });

  it('reads limits and timeouts', () => {
    const c = loadConfig({
      MAX_ROWS: '10',
      MAX_REQUESTS: '20',
      MAX_RUNS: '3',
      MAX_WARMUP: '0',
      MAX_CALL_ROWS: '500',
      REQUEST_TIMEOUT_MS: '250',
    });
    expect(c.limits).toEqual({
      maxRows: 10,
      maxRequests: 20,
      maxConcurrency: 20,
      maxRuns: 3,
      maxWarmup: 0,
      maxCallRows: 500,
      maxStreamRows: 100_000_000,
      streamBufferBytes: 64 * 1024 ** 2,
    });
    expect(c.requestTimeoutMs).toBe(250);
    // A shaped path gets the longer deadline, never a shorter one than an unshaped path's.
    expect(c.networkRequestTimeoutMs).toBe(900_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '1000', NETWORK_REQUEST_TIMEOUT_MS: '5000' }).networkRequestTimeoutMs).toBe(
      5000,
    );
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '1000000' }).networkRequestTimeoutMs).toBe(1_000_000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '9000', NETWORK_REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      /NETWORK_REQUEST_TIMEOUT_MS/,
    );
    // The slice size is bounded by MAX_ROWS, as the server checks it, and its default follows a smaller limit.
    expect(c.grpcSliceRows).toBe(10);
    expect(loadConfig({ GRPC_SLICE_ROWS: '7' }).grpcSliceRows).toBe(7);
  });

  it("reads how often the client logs a long call's progress", () => {
    expect(loadConfig({}).progressLogMs).toBe(5000);
    expect(loadConfig({ CLIENT_PROGRESS_LOG_MS: '1000' }).progressLogMs).toBe(1000);
    expect(() => loadConfig({ CLIENT_PROGRESS_LOG_MS: '0' })).toThrow(/CLIENT_PROGRESS_LOG_MS/);
  });

  it.each([
    ['CLIENT_PORT', 'abc'],
    ['JSON_SERVER_PORT', '70000'],
    ['GRPC_SERVER_PORT', '-1'],
    ['MAX_ROWS', '1.5'],
    ['MAX_ROWS', '0'],
    ['REQUEST_TIMEOUT_MS', '1e3'],
    ['JSON_SERVER_HOST', 'http://x'],
    ['JSON_SERVER_URL', 'ftp://x'],
    ['GRPC_SERVER_ADDRESS', 'localhost'],
    ['MAX_CONCURRENCY', '200001'],
    ['SERVER_WORKERS', '0'],
    ['MAX_CALL_ROWS', '0'],
    ['MAX_CALL_ROWS', '5e7'],
    ['BARE_GRPC_SERVER_PORT', 'x'],
    ['BARE_CONNECT_SERVER_PORT', 'x'],
    ['BARE_CONNECT_H2_SERVER_PORT', '70000'],
    ['FASTIFY_JSON_SERVER_PORT', '65536'],
    ['H2_JSON_SERVER_PORT', 'h2'],
    ['FASTIFY_JSON_SERVER_URL', 'localhost:3021'],
    ['H2_JSON_SERVER_URL', 'ftp://x'],
    ['GRPC_SLICE_ROWS', '0'],
    ['GRPC_SLICE_ROWS', '1000001'],
    ['GRPC_SLICE_ROWS', 'ten'],
    ['NETWORK_LINK_PEER', '10.0.0.2:80'],
    ['NETWORK_LINK_LATENCY', 'tc'],
    ['NETWORK_LINK_CALIBRATION_PORT', '4000'],
    ['GRPC_HANDSHAKE_TIMEOUT_MS', '0'],
    ['GRPC_HANDSHAKE_TIMEOUT_MS', '2.5'],
    ['GRPC_IDLE_TIMEOUT_MS', '0'],
    ['GRPC_IDLE_TIMEOUT_MS', '3600001'],
    ['GRPC_KEEPALIVE_TIME_MS', '-1'],
    ['GRPC_KEEPALIVE_TIME_MS', '1m'],
    ['GRPC_KEEPALIVE_TIMEOUT_MS', '0'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_LEVEL', 'warn'],
  ])('rejects %s=%s with a one-line message naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).not.toContain('\n');
  });

  it("reads the binary shape's blob size, 1 byte to 1 MiB, 4096 by default", () => {
    expect(loadConfig({}).binaryBlobBytes).toBe(4096);
    expect(loadConfig({ BINARY_BLOB_BYTES: ' 1024 ' }).binaryBlobBytes).toBe(1024);
    expect(loadConfig({ BINARY_BLOB_BYTES: '1048576' }).binaryBlobBytes).toBe(1048576);
    for (const bad of ['0', '1048577', '4k', '-1']) {
      expect(() => loadConfig({ BINARY_BLOB_BYTES: bad })).toThrow(
        `invalid BINARY_BLOB_BYTES="${bad}": must be an integer from 1 to 1048576`,
      );
    }
  });

  it("reads the gRPC servers' connection timeouts, with defaults", () => {
    expect(loadConfig({}).grpcServerTimeouts).toEqual({
      handshakeMs: 10_000,
      idleMs: 30_000,
      keepaliveTimeMs: 300_000,
      keepaliveTimeoutMs: 120_000,
    });
    const c = loadConfig({
      GRPC_HANDSHAKE_TIMEOUT_MS: '1000',
      GRPC_IDLE_TIMEOUT_MS: ' 2000 ',
      GRPC_KEEPALIVE_TIME_MS: '3000',
      GRPC_KEEPALIVE_TIMEOUT_MS: '4000',
    });
    expect(c.grpcServerTimeouts).toEqual({
      handshakeMs: 1000,
      idleMs: 2000,
      keepaliveTimeMs: 3000,
      keepaliveTimeoutMs: 4000,
    });
    expect(() => loadConfig({ GRPC_IDLE_TIMEOUT_MS: '0' })).toThrow(
      'invalid GRPC_IDLE_TIMEOUT_MS="0": must be an integer from 1 to 3600000',
    );
  });

  it('reads a shaped link only as a whole: its peer, the calibration server on it and who adds the delay', () => {
    expect(loadConfig({}).networkLink).toBeNull();
    expect(loadConfig({ NETWORK_LINK_PEER: '10.231.0.2', NETWORK_LINK_CALIBRATION_PORT: '4100' }).networkLink).toEqual({
      peer: '10.231.0.2',
      calibrationPort: 4100,
      latency: 'toxiproxy',
    });
    expect(
      loadConfig({
        NETWORK_LINK_PEER: '10.231.0.2',
        NETWORK_LINK_CALIBRATION_PORT: '4100',
        NETWORK_LINK_LATENCY: 'netem',
      }).networkLink?.latency,
    ).toBe('netem');
    expect(() => loadConfig({ NETWORK_LINK_PEER: '10.231.0.2' })).toThrow(
      'NETWORK_LINK_PEER needs NETWORK_LINK_CALIBRATION_PORT',
    );
    expect(() => loadConfig({ NETWORK_LINK_LATENCY: 'netem' })).toThrow(
      'NETWORK_LINK_LATENCY is set without NETWORK_LINK_PEER',
    );
  });

  it("derives the client's socket pool from its open-files limit, less a reserve, for a run and its wire pass", () => {
    // (256 - 128 reserve) / 3: a wire pass relays each socket inside the client, two more descriptors each.
    expect(loadConfig({}, 256).clientBudget).toEqual({
      openFilesLimit: 256,
      maxSockets: 42,
      maxCalls: 4,
      heavyCallRows: 1_000_000,
      heavyCallRequests: 20_000,
      retryAfterS: 5,
    });
    // Past 1,000 sockets one event loop only gets slower to answer: that is the default's ceiling, not the limit's.
    expect(loadConfig({}, 20_000).clientBudget.maxSockets).toBe(1000);
    expect(loadConfig({ CLIENT_MAX_SOCKETS: '6624' }, 20_000).clientBudget.maxSockets).toBe(6624);
    // Unknown limit (not Linux): the common 1024 is assumed.
    expect(loadConfig({}, null).clientBudget).toMatchObject({ openFilesLimit: null, maxSockets: 298 });
    expect(loadConfig({ CLIENT_MAX_SOCKETS: '100', CLIENT_MAX_CALLS: '1' }, 256).clientBudget).toMatchObject({
      maxSockets: 100,
      maxCalls: 1,
    });
    // More sockets than the limit leaves is refused at start-up, naming the bound, not found out as EMFILE later.
    expect(() => loadConfig({ CLIENT_MAX_SOCKETS: '129' }, 256)).toThrow(
      'CLIENT_MAX_SOCKETS="129": must be an integer from 1 to 128',
    );
    expect(() => loadConfig({ CLIENT_MAX_CALLS: '0' })).toThrow(/CLIENT_MAX_CALLS/);
  });

  it("reads LOG_LEVEL: log by default, Nest's level names, and info as log", () => {
    expect(loadConfig({}).logLevel).toBe('log');
    expect(loadConfig({ LOG_LEVEL: ' Debug ' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'verbose' }).logLevel).toBe('verbose');
    expect(loadConfig({ LOG_LEVEL: 'info' }).logLevel).toBe('log');
    expect(() => loadConfig({ LOG_LEVEL: 'trace' })).toThrow(
      'invalid LOG_LEVEL="trace": must be one of log, debug, verbose',
    );
  });

  it('bounds a request message at MAX_REQUEST_BYTES: 64 KiB by default, from 1 KiB to MAX_INFLIGHT_BYTES', () => {
    expect(loadConfig({}).serverMemory.maxRequestBytes).toBe(65_536);
    expect(loadConfig({ MAX_REQUEST_BYTES: '1024' }).serverMemory.maxRequestBytes).toBe(1024);
    expect(() => loadConfig({ MAX_REQUEST_BYTES: '1023' })).toThrow(
      'invalid MAX_REQUEST_BYTES="1023": must be an integer from 1024 to 536870912',
    );
    expect(() => loadConfig({ MAX_INFLIGHT_BYTES: '2097152', MAX_REQUEST_BYTES: '4194304' })).toThrow(
      /MAX_REQUEST_BYTES="4194304": must be an integer from 1024 to 2097152/,
    );
  });
});
