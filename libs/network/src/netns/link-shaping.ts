import { isPassThrough, type NetworkProfile } from '../profiles/network-profile.interface';

/** How a profile is put on the link; `latency: 'toxiproxy'` means the caller must add the delay with a proxy. */
export interface LinkShaping {
  bandwidth: 'tc tbf' | 'none';
  latency: 'netem' | 'toxiproxy' | 'none';
}

/** Who applies what of `profile` on a veth link: tbf the bandwidth, netem the delay where the kernel has it. */
export function linkShapingOf(profile: NetworkProfile, netem: boolean): LinkShaping {
  const delayed = profile.latencyMs > 0 || profile.jitterMs > 0;
  const limited = profile.upMbit !== null || profile.downMbit !== null;
  return { bandwidth: limited ? 'tc tbf' : 'none', latency: delayed ? (netem ? 'netem' : 'toxiproxy') : 'none' };
}

/** What a result records as its `shaping`: e.g. "tc tbf + toxiproxy latency", "tc tbf + netem", "none". */
export function linkShapingLabel(shaping: LinkShaping): string {
  const parts = [
    shaping.bandwidth === 'tc tbf' ? 'tc tbf' : null,
    shaping.latency === 'netem' ? 'netem' : shaping.latency === 'toxiproxy' ? 'toxiproxy latency' : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' + ') : 'none';
}

/**
 * The part of a profile a proxy still has to add on a link shaped this way: the delay and jitter when the link
 * has no netem, never the bandwidth (tbf holds it, and a second limiter would only add its own error).
 */
export function proxiedPart(profile: NetworkProfile, netem: boolean): NetworkProfile {
  const latencyByProxy = linkShapingOf(profile, netem).latency === 'toxiproxy';
  return {
    ...profile,
    latencyMs: latencyByProxy ? profile.latencyMs : 0,
    jitterMs: latencyByProxy ? profile.jitterMs : 0,
    downMbit: null,
    upMbit: null,
  };
}

/** Whether Toxiproxy is needed for `profile` on a link (only for the delay, and only without netem). */
export function linkNeedsProxy(profile: NetworkProfile, netem: boolean): boolean {
  return !isPassThrough(proxiedPart(profile, netem));
}

/** One line for the user: which mechanism carries what of `profile` on the link, and why the delay is not netem's. */
export function linkShapingSentence(profile: NetworkProfile, shaping: LinkShaping, where = 'the veth'): string {
  const parts = [
    shaping.bandwidth === 'tc tbf' ? 'bandwidth tc tbf' : null,
    shaping.latency === 'netem'
      ? 'latency netem'
      : shaping.latency === 'toxiproxy'
        ? 'latency Toxiproxy (no netem in this kernel)'
        : null,
  ].filter((p): p is string => p !== null);
  return `${profile.name} on ${where}: ${parts.length > 0 ? parts.join(', ') : 'nothing applied'}`;
}
