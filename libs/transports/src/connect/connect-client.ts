import { Agent } from 'node:http';
import type { Transport } from '@connectrpc/connect';
import { createNodeHttpClient, Http2SessionManager } from '@connectrpc/connect-node';
import { validateReadWriteMaxBytes, type CommonTransportOptions } from '@connectrpc/connect/protocol';
import { createTransport as connectProtocol } from '@connectrpc/connect/protocol-connect';
import { createTransport as grpcProtocol } from '@connectrpc/connect/protocol-grpc';
import { createTransport as grpcWebProtocol } from '@connectrpc/connect/protocol-grpc-web';
import type { ConnectCall, ConnectProtocol } from '@app/bench';
import { CallMeters, measuredHttpClient } from './measured-http-client';
import { retryRefusedStreams } from './refused-stream-retry';

/** What each protocol's transport is made by: the same functions createConnectTransport & co. call. */
const PROTOCOLS: Record<ConnectProtocol, (options: CommonTransportOptions) => Transport> = {
  connect: connectProtocol,
  grpc: grpcProtocol,
  'grpc-web': grpcWebProtocol,
};

/** Node's global agent's socket timeout, which also lets the server's keep-alive hint apply (see below). */
const AGENT_TIMEOUT_MS = 5_000;

export interface ConnectClientOptions extends Pick<ConnectCall, 'protocol' | 'binary' | 'httpVersion'> {
  baseUrl: string;
  /** HTTP/1.1: sockets to the server at once (the client's socket budget); null: one per call in flight. */
  maxSockets?: number | null;
  /** Largest reply accepted, in bytes (connect-es's readMaxBytes). */
  readMaxBytes?: number;
}

/** A connect-es Transport whose calls can be measured (CallMeters), and what to close when done. */
export interface ConnectClient {
  transport: Transport;
  meters: CallMeters;
  close(): void;
}

/**
 * The connect-es client transport createConnectTransport / createGrpcTransport / createGrpcWebTransport
 * (@connectrpc/connect-node) build: the protocol's createTransport over connect-node's HTTP client (node:http with a
 * kept-alive Agent for HTTP/1.1, one Http2SessionManager connection for HTTP/2), assembled here so the HTTP client
 * can be wrapped to measure each body (those helpers would replace it). Two choices differ from their defaults, both
 * so the one factor stays the one factor: no compression is accepted (connect-node accepts gzip and brotli and its
 * servers then compress replies over 1 KiB; compression is a factor of its own here), and no timeout header is sent
 * (the transports time out with a plain timer, as the gRPC ones do, so the server runs no deadline timer). Over HTTP/2
 * a stream the server refused is retried once, as grpc-js does (refused-stream-retry.ts).
 */
export function createConnectClient(options: ConnectClientOptions): ConnectClient {
  const meters = new CallMeters();
  let close: () => void;
  let httpClient;
  if (options.httpVersion === '2') {
    const session = new Http2SessionManager(options.baseUrl);
    httpClient = retryRefusedStreams(createNodeHttpClient({ httpVersion: '2', sessionProvider: () => session }));
    close = () => session.abort();
  } else {
    // `timeout` as Node's global agent has it (5 s): only with one set does an agent take the server's
    // `Keep-Alive: timeout=N` hint and close an idle socket a second before the server would. Without it a socket idle
    // for about the server's keep-alive timeout was reused as the server closed it (ECONNRESET: the connect preset's
    // 1,000-request case on connect-fastify, after the other variants' turns left its sockets idle for 5 s).
    const agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets ?? Infinity, timeout: AGENT_TIMEOUT_MS });
    httpClient = createNodeHttpClient({ httpVersion: '1.1', nodeOptions: { agent } });
    close = () => agent.destroy();
  }
  const transport = PROTOCOLS[options.protocol]({
    baseUrl: options.baseUrl,
    httpClient: measuredHttpClient(httpClient, meters),
    useBinaryFormat: options.binary,
    interceptors: [],
    acceptCompression: [],
    sendCompression: null,
    ...validateReadWriteMaxBytes(options.readMaxBytes, undefined, undefined),
  });
  return { transport, meters, close };
}
