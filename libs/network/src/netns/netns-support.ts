import { spawnSync } from 'node:child_process';

/** Why this machine cannot host a network namespace for the servers; the message is meant for the user as it is. */
export class NetnsUnsupportedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetnsUnsupportedError';
  }
}

/** What the check looks at, so a test can ask about another machine. */
export interface NetnsHost {
  platform: NodeJS.Platform;
  uid: number | undefined;
  /** True when the command runs (exit 0). */
  hasCommand(command: string): boolean;
}

const thisHost: NetnsHost = {
  platform: process.platform,
  uid: process.getuid?.(),
  hasCommand: (command) => spawnSync(command, ['-V'], { stdio: 'ignore', timeout: 5000 }).status === 0,
};

/** Null when network namespaces can be made here, else the one reason why not. */
export function netnsUnsupportedReason(host: NetnsHost = thisHost): string | null {
  if (host.platform !== 'linux') return `network namespaces are Linux only (this is ${host.platform})`;
  if (host.uid !== 0)
    return (
      `network namespaces need root: wirebench creates a namespace and a veth pair (running as uid ` +
      `${host.uid ?? 'unknown'})`
    );
  for (const command of ['ip', 'tc']) {
    if (!host.hasCommand(command))
      return (
        `network namespaces need ` +
        `"${command}" from iproute2, which is not installed (e.g. apt-get install iproute2)`
      );
  }
  return null;
}

/** Throws NetnsUnsupportedError with the reason when namespaces cannot be made here. */
export function requireNetnsSupport(host: NetnsHost = thisHost): void {
  const reason = netnsUnsupportedReason(host);
  if (reason !== null) throw new NetnsUnsupportedError(reason);
}
