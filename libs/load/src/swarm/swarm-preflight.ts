import { docker } from './docker-cli';

// Each question is quick on an idle daemon; a daemon run at low priority on a busy machine took over 15 s to answer.

/**
 * Why `--hosts swarm` cannot run here, in one line that says what fixes it, or null when it can: a docker client, a
 * daemon it reaches, an active swarm it manages, the image, and enough nodes for --per-node.
 */
export async function swarmUnreadyReason(image: string, generators: number, perNode?: number): Promise<string | null> {
  const version = await docker(['version', '--format', '{{.Server.Version}}'], 60_000);
  if (version.code === 127 || /ENOENT/.test(version.stderr))
    return 'no docker client on PATH: install Docker (npm run setup:docker)';
  if (version.code !== 0)
    return `the docker daemon does not answer (${lastLine(version.stderr)}): start it (npm run setup:docker)`;
  const info = await docker(['info', '--format', '{{.Swarm.LocalNodeState}} {{.Swarm.ControlAvailable}}'], 60_000);
  const [state, manager] = info.stdout.trim().split(' ');
  if (state !== 'active')
    return (
      `this docker is not in a swarm (state ` +
      `${state || 'unknown'}): docker swarm init (or docker swarm join on a manager's token)`
    );
  if (manager !== 'true') return 'this docker node is a swarm worker: run npm run load --hosts swarm on a manager node';
  const inspected = await docker(['image', 'inspect', '--format', '{{.Id}}', image], 60_000);
  if (inspected.code !== 0)
    return (
      `image ${image} is not on this node: build it (npm run docker:build) or set WIREBENCH_IMAGE / ` +
      `--image, and put it on every node`
    );
  if (perNode !== undefined) {
    const nodes = (await docker(['node', 'ls', '--format', '{{.Status}} {{.Availability}}'])).stdout
      .split('\n')
      .filter((l) => l === 'Ready Active').length;
    if (perNode * nodes < generators)
      return (
        `--per-node ${perNode} on ` +
        `${nodes} ready node${nodes === 1 ? '' : 's'} places at most ` +
        `${perNode * nodes} of --generators ${generators}: raise --per-node or join more nodes`
      );
  }
  return null;
}

const lastLine = (text: string) => text.trim().split('\n').pop() || 'no answer';
