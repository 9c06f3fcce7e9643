import type { NetworkProfile } from '../profiles/network-profile.interface';
import { detectNetem } from './detect-netem';
import { destroyOnExit, forgetOnExit } from './destroy-on-exit';
import { leftoverNetworkObjects } from './leftover-network-objects';
import { clearEndCommand, LinkEnd, LinkShaping, linkShapingPlan } from './link-shaping-commands';
import { TopologyNames, topologyNames } from './netns-names';
import { requireNetnsSupport } from './netns-support';
import { LinkAddresses, networksInUse, pickLinkAddresses } from './pick-subnet';
import { runCommand, tryCommand } from './run-command';
import { createTopologyCommands, destroyTopologyCommands, LINK_MTU, prefixCommand } from './topology-commands';

export interface NetnsTopologyOptions {
  /** Both veth ends; 1500 unless a test wants another. */
  mtu?: number;
}

// Topologies this process made, so each gets its own names and, usually, its own /30.
let created = 0;

/**
 * A second host on this machine: a network namespace for the servers, joined to the client's namespace by a veth
 * pair, so client and servers talk through two TCP/IP stacks over an MTU-1500 link on which a profile can be put.
 */
export class NetnsTopology {
  private destroyed = false;

  private constructor(
    private readonly names: TopologyNames,
    private readonly addresses: LinkAddresses,
    readonly mtu: number,
  ) {}

  /** Builds it (root on Linux with iproute2, else NetnsUnsupportedError); removed by destroy() or at process exit. */
  static create(options: NetnsTopologyOptions = {}): NetnsTopology {
    requireNetnsSupport();
    const n = created++;
    const names = topologyNames(process.pid, n);
    const inUse = networksInUse(
      runCommand(['ip', '-j', '-4', 'addr', 'show']),
      runCommand(['ip', '-j', '-4', 'route', 'show']),
    );
    const topology = new NetnsTopology(names, pickLinkAddresses(inUse, process.pid * 16 + n), options.mtu ?? LINK_MTU);
    destroyOnExit(topology);
    try {
      for (const argv of createTopologyCommands(names, topology.addresses, topology.mtu)) runCommand(argv);
    } catch (error) {
      topology.destroy();
      throw error;
    }
    return topology;
  }

  /** The namespace the servers run in. */
  get name(): string {
    return this.names.netns;
  }

  /** The client's end of the link, in the current namespace. */
  get hostAddress(): string {
    return this.addresses.hostAddress;
  }

  /** The servers' end of the link, inside the namespace: what they bind to and the client calls. */
  get serverAddress(): string {
    return this.addresses.serverAddress;
  }

  /** The veth ends, for tools that shape or watch the link. */
  get hostDevice(): string {
    return this.names.hostDevice;
  }

  get serverDevice(): string {
    return this.names.serverDevice;
  }

  /** `cmd` run inside the namespace (spawn argv[0] with the rest). */
  prefixCommand(cmd: string[]): string[] {
    return prefixCommand(this.name, cmd);
  }

  /**
   * Puts the profile on the link, replacing any before it: bandwidth with tbf on each end's egress; latency with
   * netem when the kernel has it, else it says 'toxiproxy' and the caller adds the delay with a proxy on this link.
   */
  applyProfile(profile: NetworkProfile): LinkShaping {
    this.clearProfile();
    const plan = linkShapingPlan(profile, this.ends(), detectNetem().available);
    for (const argv of plan.commands) runCommand(argv);
    return { bandwidth: plan.bandwidth, latency: plan.latency };
  }

  /** Back to a plain link. */
  clearProfile(): void {
    const { host, server } = this.ends();
    for (const end of [host, server]) tryCommand(clearEndCommand(end));
  }

  /**
   * Removes the namespace and the veth pair, and checks that neither is left. Stop the processes started inside
   * first: a namespace a process still runs in lives on (unnamed) until that process exits. Safe to call again.
   */
  destroy(): void {
    this.destroySync();
    const left = leftoverNetworkObjects(this.name);
    const names = [...left.namespaces, ...left.links].filter((n) => n === this.name || n === this.hostDevice);
    if (names.length > 0) throw new Error(`${this.name}: still present after removal: ${names.join(', ')}`);
  }

  /** The removal without the check, as the exit hook runs it. */
  destroySync(): void {
    if (this.destroyed) return;
    for (const argv of destroyTopologyCommands(this.names)) tryCommand(argv);
    this.destroyed = true;
    forgetOnExit(this);
  }

  private ends(): { host: LinkEnd; server: LinkEnd } {
    return { host: { device: this.hostDevice }, server: { device: this.serverDevice, netns: this.name } };
  }
}
