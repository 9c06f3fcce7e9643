import type { NetworkProfile } from '../profiles/network-profile.interface';
import { LinkShaping, linkShapingOf } from './link-shaping';
import { tbfArgs, tbfParameters } from './tbf-parameters';

/** One end of the veth pair: its name and the namespace it lives in (undefined = the client's, the current one). */
export interface LinkEnd {
  device: string;
  netns?: string;
}

export type { LinkShaping } from './link-shaping';

export interface LinkShapingPlan extends LinkShaping {
  /** tc invocations, in order, after the ends were cleared. */
  commands: string[][];
}

// An Ethernet frame at MTU 1500; netem counts packets, not bytes.
const FRAME_BYTES = 1514;
// netem's own default queue; raised when a fast link's delay holds more frames in flight than that.
const NETEM_MIN_LIMIT = 1000;
// The rate netem's queue is sized for when the profile does not limit one: more than a veth carries on two cores.
const UNLIMITED_BIT = 10e9;

/**
 * The tc commands for a profile: each end shapes its egress, so the host end carries client -> server (upMbit)
 * and the namespace end server -> client (downMbit); each adds the one-way delay. With netem, netem is the root and
 * tbf its child (the layout netem's documentation gives for "delay and rate"); without it only tbf is installed.
 */
export function linkShapingPlan(
  profile: NetworkProfile,
  ends: { host: LinkEnd; server: LinkEnd },
  netem: boolean,
): LinkShapingPlan {
  const shaping = linkShapingOf(profile, netem);
  const delayed = shaping.latency !== 'none';
  const roundTripMs = 2 * profile.latencyMs;
  const commands: string[][] = [];
  for (const [end, mbit] of [
    [ends.host, profile.upMbit],
    [ends.server, profile.downMbit],
  ] as const) {
    const tbf = mbit === null ? null : ['tbf', ...tbfArgs(tbfParameters(mbit, roundTripMs))];
    if (netem && delayed) {
      commands.push(
        tc(end, ['qdisc', 'replace', 'dev', end.device, 'root', 'handle', '1:', ...netemArgs(profile, mbit)]),
      );
      if (tbf)
        commands.push(tc(end, ['qdisc', 'replace', 'dev', end.device, 'parent', '1:1', 'handle', '10:', ...tbf]));
    } else if (tbf) {
      commands.push(tc(end, ['qdisc', 'replace', 'dev', end.device, 'root', 'handle', '1:', ...tbf]));
    }
  }
  return { ...shaping, commands };
}

/** Removes whatever root qdisc an end has; fails harmlessly ("no qdisc") when it has none. */
export function clearEndCommand(end: LinkEnd): string[] {
  return tc(end, ['qdisc', 'del', 'dev', end.device, 'root']);
}

function netemArgs(profile: NetworkProfile, mbit: number | null): string[] {
  // Frames in flight during the delay, twice over for jitter and bursts; netem drops what its queue cannot hold.
  const inFlight = Math.ceil(
    (((mbit ?? UNLIMITED_BIT / 1e6) * 1e6) / 8 / FRAME_BYTES) * ((profile.latencyMs + profile.jitterMs) / 1000) * 2,
  );
  const args = ['netem', 'limit', String(Math.max(NETEM_MIN_LIMIT, inFlight)), 'delay', `${profile.latencyMs}ms`];
  // netem draws each packet's delay on its own, so jitter reorders packets (Toxiproxy's jitter does not).
  return profile.jitterMs > 0 ? [...args, `${profile.jitterMs}ms`] : args;
}

function tc(end: LinkEnd, args: string[]): string[] {
  return end.netns ? ['tc', '-n', end.netns, ...args] : ['tc', ...args];
}
