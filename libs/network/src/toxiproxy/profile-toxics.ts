import type { ICreateToxicBody, Latency, Bandwidth } from 'toxiproxy-node-client';
import type { NetworkProfile } from '../profiles/network-profile.interface';

export type ProfileToxic = ICreateToxicBody<Latency | Bandwidth>;

/**
 * Mbit/s (10^6 bit/s) as the `rate` of Toxiproxy's bandwidth toxic. Its doc says "KB/s"; its code
 * (toxics/bandwidth.go, v2.12.0) sleeps len(bytes) * 1 ms / rate, so rate is bytes per millisecond: KB = 1000
 * bytes, and 1 Mbit/s = 10^6 / 8 / 1000 = 125 rate units. The rate is a whole number, at least 1.
 */
export function mbitToToxiproxyRate(mbit: number): number {
  return Math.max(1, Math.round(mbit * 125));
}

/** What a rate really gives, in Mbit/s: the inverse of mbitToToxiproxyRate, to tell the user about rounding. */
export function toxiproxyRateToMbit(rate: number): number {
  return rate / 125;
}

/**
 * The toxics that make a Toxiproxy proxy behave as the profile says: latency ± jitter on each direction (latencyMs
 * is one way, so each stream gets it once and a round trip twice), and a bandwidth cap per direction: downstream
 * (server -> client) downMbit, upstream (client -> server) upMbit. Latency comes first so that bandwidth paces
 * what leaves the proxy. Toxiproxy takes whole milliseconds and whole rate units: what rounding changes is said
 * in `notes`, never hidden.
 */
export function profileToxics(profile: NetworkProfile): { toxics: ProfileToxic[]; notes: string[] } {
  const notes: string[] = [];
  const toxics: ProfileToxic[] = [];
  const latency = Math.round(profile.latencyMs);
  const jitter = Math.round(profile.jitterMs);
  if (latency !== profile.latencyMs)
    notes.push(
      `latencyMs ${profile.latencyMs} applied as ` +
        `${latency} ms each way: Toxiproxy's latency toxic takes whole milliseconds`,
    );
  if (jitter !== profile.jitterMs)
    notes.push(
      `jitterMs ${profile.jitterMs} applied as ${jitter} ms: Toxiproxy's latency toxic takes whole milliseconds`,
    );
  if (latency > 0 || jitter > 0) {
    for (const stream of ['downstream', 'upstream'] as const) {
      toxics.push({ name: `latency_${stream}`, type: 'latency', stream, toxicity: 1, attributes: { latency, jitter } });
    }
  }
  for (const [stream, mbit, key] of [
    ['downstream', profile.downMbit, 'downMbit'],
    ['upstream', profile.upMbit, 'upMbit'],
  ] as const) {
    if (mbit === null) continue;
    const rate = mbitToToxiproxyRate(mbit);
    if (toxiproxyRateToMbit(rate) !== mbit)
      notes.push(
        `${key} ${mbit} applied as ` +
          `${toxiproxyRateToMbit(rate)} Mbit/s: Toxiproxy's bandwidth rate is a whole number of KB/s (1 KB = ` +
          `1000 bytes)`,
      );
    toxics.push({ name: `bandwidth_${stream}`, type: 'bandwidth', stream, toxicity: 1, attributes: { rate } });
  }
  return { toxics, notes };
}
