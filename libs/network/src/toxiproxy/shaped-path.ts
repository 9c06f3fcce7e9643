import { isLoopback } from '@app/config';
import type { Proxy } from 'toxiproxy-node-client';
import type { NetworkProfile } from '../profiles/network-profile.interface';
import { profileToxics } from './profile-toxics';
import type { ToxiproxyServer } from './toxiproxy-server';

/**
 * One Toxiproxy proxy in front of one upstream with a profile's toxics: connect to host:port instead of the
 * upstream and every byte crosses the profile's latency and bandwidth. Only loopback upstreams, or the peer of a
 * link wirebench built on this machine (`linkPeer`, NETWORK_LINK_PEER): it shapes and loads its own machine,
 * nobody else's.
 */
export class ShapedPath {
  private constructor(
    private readonly proxy: Proxy,
    readonly host: string,
    readonly port: number,
    /** What Toxiproxy could not apply exactly (whole-unit rounding), for the result. */
    readonly notes: string[],
  ) {}

  static async open(
    server: ToxiproxyServer,
    name: string,
    upstream: { host: string; port: number },
    profile: NetworkProfile,
    linkPeer?: string,
  ): Promise<ShapedPath> {
    if (!isLoopback(upstream.host) && upstream.host !== linkPeer) {
      throw new Error(
        `${name}: only loopback ` +
          `upstreams${linkPeer ? ` and the link's peer ${linkPeer}` : ''} can be shaped, not ${upstream.host}`,
      );
    }
    const { toxics, notes } = profileToxics(profile);
    const upstreamHost = upstream.host.includes(':') ? `[${upstream.host}]` : upstream.host;
    // Port 0: Toxiproxy binds a free port itself and reports it in `listen`, so no port can be taken in between.
    const proxy = await server.client
      .createProxy({ name, listen: '127.0.0.1:0', upstream: `${upstreamHost}:${upstream.port}`, enabled: true })
      .catch((error: Error) => {
        // The client's message is only the status (409 = a proxy of that name exists): say which proxy it was.
        throw new Error(
          `Toxiproxy at ${server.apiUrl}: cannot create proxy ` +
            `${name} -> ${upstreamHost}:${upstream.port}: ${error.message}`,
        );
      });
    try {
      for (const toxic of toxics) await proxy.addToxic(toxic);
    } catch (error) {
      await proxy.remove().catch(() => undefined);
      throw new Error(
        `Toxiproxy at ${server.apiUrl}: cannot add ` +
          `${profile.name}'s toxics to proxy ${name}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    const port = Number(/:(\d+)$/.exec(proxy.listen)?.[1]);
    return new ShapedPath(proxy, '127.0.0.1', port, notes);
  }

  get name(): string {
    return this.proxy.name;
  }

  /** Removes the proxy (Toxiproxy closes its connections); quiet if the server is already gone. */
  async close(): Promise<void> {
    await this.proxy.remove().catch(() => undefined);
  }
}
