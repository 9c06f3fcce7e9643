/** One network condition, as data (network-profiles.json): what is applied to the path between client and servers. */
export interface NetworkProfile {
  name: string;
  description: string;
  /** One-way delay added in each direction, ms; the round trip gains twice this. 0 = none. */
  latencyMs: number;
  /** Spread of that delay, ms (each direction). 0 = none. */
  jitterMs: number;
  /** Bandwidth server -> client and client -> server, Mbit/s (10^6 bit/s); null = not limited. */
  downMbit: number | null;
  upMbit: number | null;
}

/** True when the profile changes nothing: the path is used as it is, with no proxy in between. */
export function isPassThrough(profile: NetworkProfile): boolean {
  return profile.latencyMs === 0 && profile.jitterMs === 0 && profile.downMbit === null && profile.upMbit === null;
}
