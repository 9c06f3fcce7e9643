import { parseJsonArray } from './pick-subnet';
import { NETNS_PREFIX } from './netns-names';
import { runCommand } from './run-command';

/** Namespaces and links (in the current namespace) whose names start with the prefix. */
export interface NetworkObjects {
  namespaces: string[];
  links: string[];
}

/** What wirebench (by default any wirebench process; pass processPrefix() for this one) has left behind. */
export function leftoverNetworkObjects(prefix = NETNS_PREFIX): NetworkObjects {
  const namespaces = parseJsonArray<{ name: string }>(runCommand(['ip', '-j', 'netns', 'list'])).map((n) => n.name);
  const links = parseJsonArray<{ ifname: string }>(runCommand(['ip', '-j', 'link', 'show'])).map((l) => l.ifname);
  return {
    namespaces: namespaces.filter((n) => n.startsWith(prefix)),
    links: links.filter((l) => l.startsWith(prefix)),
  };
}
