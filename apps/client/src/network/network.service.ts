import { Inject, Injectable, Logger, OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { NetworkConditions, ScenarioValidationError } from '@app/bench';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import {
  loadNetworkProfiles,
  NetworkProfile,
  NetworkProfileError,
  NetworkShaper,
  selectNetworkProfiles,
  ToxiproxyMissingError,
} from '@app/network';

/**
 * `?network=`: only a configured profile (network-profiles.json, NETWORK_PROFILES_FILE) is ever applied, never a
 * caller's address or figures. Shapes the client's paths to the servers through the app's one NetworkShaper and
 * calibrates them before each measurement; on a link shaped by whoever started this client (NETWORK_LINK_*,
 * `--hosts netns`), only what the link leaves to it.
 */
@Injectable()
export class NetworkService implements OnModuleDestroy {
  private readonly logger = new Logger(NetworkService.name);
  // Read once at start-up: a broken profiles file stops the app with its message, not a request later.
  private readonly profiles = loadNetworkProfiles();
  private readonly shaper: NetworkShaper;

  constructor(@Inject(WIREBENCH_CONFIG) config: WirebenchConfig) {
    this.shaper = new NetworkShaper(process.env, config.networkLink);
    if (config.networkLink)
      this.logger.log(
        `profiles are put on the link to ${config.networkLink.peer}; latency by ${config.networkLink.latency}`,
      );
  }

  /** The profile a `network` parameter names; undefined when not given; a 400 listing the profiles otherwise. */
  select(raw: string | undefined): NetworkProfile | undefined {
    if (raw === undefined) return undefined;
    try {
      const chosen = selectNetworkProfiles(raw, this.profiles);
      if (chosen.length !== 1)
        throw new NetworkProfileError(
          `network must name one profile per call (the bench CLI runs several: --network a,b); the profiles ` +
            `are ${this.names().join(', ')}`,
        );
      return chosen[0];
    } catch (error) {
      if (error instanceof NetworkProfileError)
        throw new ScenarioValidationError('network', { values: this.names() }, error.message, raw);
      throw error;
    }
  }

  names(): string[] {
    return Object.keys(this.profiles);
  }

  /** What to dial for a server address under the profile (a shaping proxy, or the address itself). */
  async route(profile: NetworkProfile, address: string): Promise<string> {
    return this.shaped(() => this.shaper.route(profile, address));
  }

  /** The profile and the path as measured now, for every result of the measurement. */
  async conditions(profile: NetworkProfile): Promise<NetworkConditions> {
    const c = await this.shaped(() => this.shaper.measure(profile));
    this.logger.log(
      `network ${profile.name} ` +
        `(${c.shaping}): path RTT ` +
        `${c.rttMs.toFixed(2)} ms, ${c.mbps.toFixed(1)} Mbit/s${c.flagged ? ` (flagged: ${c.notes.join('; ')})` : ''}`,
    );
    return c;
  }

  async onModuleDestroy(): Promise<void> {
    await this.shaper.close();
  }

  // No Toxiproxy on this machine is the server's side, not the caller's: 503 with how to install it.
  private async shaped<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ToxiproxyMissingError) throw new ServiceUnavailableException(error.message);
      throw error;
    }
  }
}
