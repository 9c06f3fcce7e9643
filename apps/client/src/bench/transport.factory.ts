import type { Agent } from 'node:http';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { HttpService } from '@nestjs/axios';
import { RelayTransportFactory, RowsTransport, StreamingRowsTransport, VariantName, VARIANTS } from '@app/bench';
import { DEFAULT_SHAPE, ShapeName } from '@app/shapes';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { buildVariantClient, BuiltTransport } from './variant-clients';
import { ChannelLeases } from './channel-leases';

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
  /** The multiplexing paths' channels, one per measurement (ChannelLeases). */
  private readonly channels = new ChannelLeases();

  constructor(
    private readonly http: HttpService,
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
  ) {}

  /**
   * The transport that times `variant` against its configured server; with `dial`, one that reaches that server
   * through a shaping proxy at `dial` (a network profile) and still knows where the server itself is.
   */
  forVariant(
    variant: VariantName,
    shape: ShapeName = DEFAULT_SHAPE,
    dial?: string,
  ): RowsTransport | StreamingRowsTransport {
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
    const entry = this.build(
      variant,
      shape,
      dial ?? this.serverAddress(variant),
      dial === undefined ? this.config.requestTimeoutMs : this.config.networkRequestTimeoutMs,
    );
    if (dial !== undefined) entry.transport.target.serverAddress = this.serverAddress(variant);
    return entry;
  }

  /**
   * The transport for one measurement (a call to the client, all its runs), and what to call when it is over: the
   * HTTP paths share the app's transports (each request in flight has a socket of its own anyway); a path that
   * multiplexes over one HTTP/2 connection gets a channel no other measurement uses meanwhile (ChannelLeases).
   */
  lease(
    variant: VariantName,
    shape: ShapeName = DEFAULT_SHAPE,
    dial?: string,
  ): { transport: RowsTransport | StreamingRowsTransport; release(ok: boolean): Promise<void> } {
    if (!VARIANTS[variant].oneConnection)
      return { transport: this.forVariant(variant, shape, dial), release: async () => undefined };
    const { entry, release } = this.channels.lease(keyOf(variant, shape, dial), () =>
      this.buildFor(variant, shape, dial),
    );
    return { transport: entry.transport, release };
  }

  /** The most sockets a run of `variant` holds at once (its pool's cap), or null when it needs only one connection. */
  socketCap(variant: VariantName): number | null {
    if (VARIANTS[variant].oneConnection) return null;
    this.forVariant(variant);
    return this.built.get(keyOf(variant, DEFAULT_SHAPE))?.socketCap ?? null;
  }

  /** RelayTransportFactory: the same client path for the same shape, pointed at host:port (the counting relay). */
  create(variant: VariantName, host: string, port: number, shape: ShapeName = DEFAULT_SHAPE): BuiltTransport {
    // The relay is dialled as the server is: a URL for the HTTP paths, host:port for a gRPC channel.
    const isUrl = /^https?:\/\//.test(this.serverAddress(variant));
    const address = isUrl ? `http://${host}:${port}` : `${host}:${port}`;
    return this.build(variant, shape, address, this.config.requestTimeoutMs);
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
    const idle = this.channels.drain();
    await Promise.all([...this.built.values(), ...idle].map((b) => b.close()));
    this.built.clear();
  }

  /** Where a variant's server is (its entry's `address`): a URL for the HTTP variants, host:port for gRPC. */
  serverAddress(variant: VariantName): string {
    return this.config.targets[VARIANTS[variant].address];
  }

  private build(variant: VariantName, shape: ShapeName, address: string, timeoutMs: number): BuiltTransport {
    return buildVariantClient(variant, { shape, address, timeoutMs, http: this.http, config: this.config });
  }
}

/** The cache key of a transport: one per variant, shape and (under a network profile) proxy address. */
function keyOf(variant: VariantName, shape: ShapeName, dial?: string): string {
  return dial === undefined ? `${variant}|${shape}` : `${variant}|${shape}|${dial}`;
}
