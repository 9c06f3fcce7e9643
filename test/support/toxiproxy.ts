// Toxiproxy for the shaping tests: found as wirebench finds it (TOXIPROXY_BIN, PATH, Go's bin folder; `npm run
// setup:toxiproxy` installs it). Without it the suites are declared skipped with the reason in their title.
import { findToxiproxy } from '@app/network';

export const toxiproxy = findToxiproxy();

/** `describe` when Toxiproxy is there; otherwise the suite is skipped and its title says why. */
export function describeWithToxiproxy(title: string, body: () => void): void {
  if ('path' in toxiproxy) describe(title, body);
  else describe.skip(`${title} (skipped: ${toxiproxy.reason})`, body);
}

/** The binary's path; only inside describeWithToxiproxy. */
export function toxiproxyPath(): string {
  if (!('path' in toxiproxy)) throw new Error(toxiproxy.reason);
  return toxiproxy.path;
}
