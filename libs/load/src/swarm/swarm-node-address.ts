import { dockerOk } from './docker-cli';

/**
 * The address other nodes reach a swarm node at, from `docker node inspect`: what a service on the host network
 * listens on as seen from elsewhere. A manager's Status.Addr has been reported as 0.0.0.0 by some Docker versions;
 * its ManagerStatus.Addr (host:port of the raft listener) names the advertised address then.
 */
export async function swarmNodeAddress(nodeId: string): Promise<string> {
  const out = await dockerOk([
    'node',
    'inspect',
    '--format',
    '{{.Status.Addr}} {{if .ManagerStatus}}{{.ManagerStatus.Addr}}{{end}}',
    nodeId,
  ]);
  return addressOf(out);
}

/** The address in `docker node inspect`'s "<Status.Addr> [<ManagerStatus.Addr>]". */
export function addressOf(inspected: string): string {
  const [status, manager] = inspected.trim().split(/\s+/);
  if (status && status !== '0.0.0.0') return status;
  const host = manager?.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (!host) throw new Error(`docker node inspect gave no address: "${inspected.trim()}"`);
  return host;
}
