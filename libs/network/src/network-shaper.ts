import { hostPortOf, type NetworkLink } from '@app/config';
import type { PathCalibration } from './calibration/path-calibration.interface';
import { calibratePath } from './calibration/calibrate-path';
import { linkShapingLabel, linkShapingOf, proxiedPart } from './netns/link-shaping';
import { isPassThrough, type NetworkProfile } from './profiles/network-profile.interface';
import { findToxiproxy } from './toxiproxy/find-toxiproxy';
import { ShapedPath } from './toxiproxy/shaped-path';
import { ToxiproxyServer } from './toxiproxy/toxiproxy-server';

/** A profile needs Toxiproxy and there is none: the message says how to install it (the CLI exits 2, the API 503). */
export class ToxiproxyMissingError extends Error {
  constructor(reason: string) {
    super(`a network profile needs Toxiproxy: ${reason}`);
    this.name = 'ToxiproxyMissingError';
  }
}

/** The shaping recorded with a result: how the profile reached the path. */
export const SHAPING = { none: 'none', toxiproxy: 'toxiproxy' } as const;

/**
 * Everything one process (the client app, a CLI) shapes: the Toxiproxy server it started on first need, and one
 * proxy per profile and server, made on first use and kept until close() (a scenario's runs, warm-up and
 * interleaved variants all go through the same proxy). A pass-through profile (loopback) routes to the server as is.
 * With a `link` (NETWORK_LINK_*: the profile is put on the link to the servers by whoever built it), the proxy adds
 * only what the link does not: the delay when the link has no netem, never the bandwidth.
 */
export class NetworkShaper {
  private toxiproxy?: Promise<ToxiproxyServer>;
  private readonly paths = new Map<string, Promise<ShapedPath>>();

  constructor(
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly link: NetworkLink | null = null,
  ) {}

  /** How `profile` is applied: nothing for a pass-through profile, else Toxiproxy, or the link's own mechanisms. */
  shapingOf(profile: NetworkProfile): string {
    if (this.link) return linkShapingLabel(linkShapingOf(profile, this.link.latency === 'netem'));
    return isPassThrough(profile) ? SHAPING.none : SHAPING.toxiproxy;
  }

  /**
   * What to dial to reach `address` (an http:// URL or host:port) under `profile`, in the same form; the address
   * itself for a pass-through profile.
   */
  async route(profile: NetworkProfile, address: string): Promise<string> {
    const proxied = this.proxied(profile);
    if (isPassThrough(proxied)) return address;
    const upstream = hostPortOf(address);
    const key = `${profile.name}|${upstream.host}:${upstream.port}`;
    let path = this.paths.get(key);
    if (!path) {
      path = this.server().then((server) =>
        ShapedPath.open(
          server,
          `${profile.name}-${upstream.host}-${upstream.port}`,
          upstream,
          proxied,
          this.link?.peer,
        ),
      );
      // A failed proxy is not cached: the next call tries again.
      path.catch(() => this.paths.delete(key));
      this.paths.set(key, path);
    }
    const { host, port } = await path;
    return /^https?:\/\//.test(address) ? `${new URL(address).protocol}//${host}:${port}` : `${host}:${port}`;
  }

  /**
   * The path under `profile` as measured now (RTT and throughput through the same Toxiproxy with the same toxics,
   * across the link to its calibration server when there is one) and how it is shaped: what a result records as
   * its network conditions.
   */
  async measure(profile: NetworkProfile): Promise<PathCalibration & { shaping: string }> {
    const proxied = this.proxied(profile);
    const toxiproxy = isPassThrough(proxied) ? null : await this.server();
    const link = this.link ? { target: { host: this.link.peer, port: this.link.calibrationPort }, proxied } : undefined;
    const calibration = await calibratePath(profile, toxiproxy, {}, link);
    return { ...calibration, shaping: this.shapingOf(profile) };
  }

  /** Removes every proxy and stops Toxiproxy if this shaper started it. */
  async close(): Promise<void> {
    const paths = [...this.paths.values()];
    this.paths.clear();
    await Promise.all(paths.map((p) => p.then((path) => path.close()).catch(() => undefined)));
    const server = this.toxiproxy;
    this.toxiproxy = undefined;
    await server?.then((s) => s.stop()).catch(() => undefined);
  }

  /** What the proxy applies: the whole profile, or on a link only what the link leaves to it. */
  private proxied(profile: NetworkProfile): NetworkProfile {
    return this.link ? proxiedPart(profile, this.link.latency === 'netem') : profile;
  }

  private server(): Promise<ToxiproxyServer> {
    if (!this.toxiproxy) {
      const found = findToxiproxy(this.env);
      if (!('path' in found)) return Promise.reject(new ToxiproxyMissingError(found.reason));
      this.toxiproxy = ToxiproxyServer.start(found.path);
      this.toxiproxy.catch(() => (this.toxiproxy = undefined));
    }
    return this.toxiproxy;
  }
}
