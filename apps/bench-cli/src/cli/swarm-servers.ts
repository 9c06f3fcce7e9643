import { setTimeout as sleep } from 'node:timers/promises';
import {
  docker,
  dockerOk,
  hasStarted,
  jobTasks,
  removeRunNow,
  RUN_LABEL,
  swarmNodeAddress,
  swarmNodes,
} from '@app/load';
import { isListening, ServingAppName } from '@app/bootstrap';
import { loadConfig, WirebenchConfig } from '@app/config';

/**
 * Each server the load command may place on the swarm: the image's name for it, its listeners, and the target variables
 * that point at them.
 */
interface SwarmServer {
  image: string;
  /**
   * The address it binds on its node, as configured (the bare and h2c servers bind where their Nest counterparts do).
   */
  bindHost: (c: WirebenchConfig) => string;
  listeners: (c: WirebenchConfig) => number[];
  targets: (address: string, c: WirebenchConfig) => Record<string, string>;
}

const url = (address: string, port: number) => `http://${address}:${port}`;

const SWARM_SERVERS: Partial<Record<ServingAppName, SwarmServer>> = {
  'json-server': {
    image: 'json-server',
    bindHost: (c) => c.jsonServer.host,
    listeners: (c) => [c.jsonServer.port],
    targets: (a, c) => ({ JSON_SERVER_URL: url(a, c.jsonServer.port) }),
  },
  'grpc-server': {
    image: 'grpc-server',
    bindHost: (c) => c.grpcServer.host,
    listeners: (c) => [c.grpcServer.port],
    targets: (a, c) => ({ GRPC_SERVER_ADDRESS: `${a}:${c.grpcServer.port}` }),
  },
  'json-fastify-server': {
    image: 'json-fastify',
    bindHost: (c) => c.fastifyJsonServer.host,
    listeners: (c) => [c.fastifyJsonServer.port],
    targets: (a, c) => ({ FASTIFY_JSON_SERVER_URL: url(a, c.fastifyJsonServer.port) }),
  },
  'json-h2-server': {
    image: 'json-h2',
    bindHost: (c) => c.h2JsonServer.host,
    listeners: (c) => [c.h2JsonServer.port],
    targets: (a, c) => ({ H2_JSON_SERVER_URL: url(a, c.h2JsonServer.port) }),
  },
  'bare-json-server': {
    image: 'bare-json-server',
    bindHost: (c) => c.bareJsonServer.host,
    listeners: (c) => [c.bareJsonServer.port],
    targets: (a, c) => ({ BARE_JSON_SERVER_URL: url(a, c.bareJsonServer.port) }),
  },
  'bare-grpc-server': {
    image: 'bare-grpc-server',
    bindHost: (c) => c.bareGrpcServer.host,
    listeners: (c) => [c.bareGrpcServer.port],
    targets: (a, c) => ({ BARE_GRPC_SERVER_ADDRESS: `${a}:${c.bareGrpcServer.port}` }),
  },
  'bare-connect-server': {
    image: 'bare-connect-server',
    bindHost: (c) => c.bareConnectServer.host,
    listeners: (c) => [c.bareConnectServer.port, c.bareConnectH2Server.port],
    targets: (a, c) => ({
      BARE_CONNECT_SERVER_URL: url(a, c.bareConnectServer.port),
      BARE_CONNECT_H2_SERVER_URL: url(a, c.bareConnectH2Server.port),
    }),
  },
};

/** Where one placed server runs. */
export interface PlacedServer {
  app: ServingAppName;
  service: string;
  node: string;
  address: string;
}

export interface SwarmServers {
  /** The servers' addresses as variables loadConfig reads (JSON_SERVER_URL, GRPC_SERVER_ADDRESS, ...). */
  targetsEnv: Record<string, string>;
  placed: PlacedServer[];
  description: string;
  /** Removes the services (and, on this node, their containers); also done at process exit if never called. */
  stop(): Promise<void>;
}

export interface SwarmServersOptions {
  runId: string;
  image: string;
  servers: ServingAppName[];
  /** Swarm placement constraints for every server service (`node.hostname==db1`, `node.labels.role==servers`). */
  constraints: string[];
  /** Settings for the servers only (SERVER_WORKERS, BINARY_BLOB_BYTES). */
  serverEnv: Record<string, string>;
  /** How long a server may take from its service's creation to answering on every listener. */
  startTimeoutMs: number;
  note: (message: string) => void;
  pollMs?: number;
}

/**
 * The configuration variables this process was given that the apps read (libs/config): found by reading the
 * configuration through a recorder, so a new setting is passed on without a list here to keep in step. A server in a
 * task gets the settings a server started here would, and nothing else of this machine's environment (PATH, HOME).
 */
export function configVariablesSet(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const read = new Set<string>();
  loadConfig(
    new Proxy(env, { get: (target, key) => (typeof key === 'string' && read.add(key), target[key as string]) }),
  );
  return Object.fromEntries([...read].filter((k) => env[k] !== undefined).map((k) => [k, env[k]!]));
}

/**
 * `docker service create` arguments for one server: one replica, never restarted (a run measures one server process; a
 * killed one stays down, as locally).
 */
export function serverServiceArgs(o: {
  name: string;
  runId: string;
  image: string;
  app: string;
  constraints: string[];
  env: Record<string, string>;
}): string[] {
  return [
    'service',
    'create',
    '--detach',
    '--quiet',
    '--name',
    o.name,
    '--label',
    `${RUN_LABEL}=${o.runId}`,
    '--container-label',
    `${RUN_LABEL}=${o.runId}`,
    '--replicas',
    '1',
    '--restart-condition',
    'none',
    // As the generators: the node's own network stack, no overlay or ingress NAT between load and server.
    '--network',
    'host',
    ...o.constraints.flatMap((c) => ['--constraint', c]),
    ...Object.entries(o.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    o.image,
    o.app,
  ];
}

/**
 * `npm run load --hosts swarm --swarm-servers`: the run's servers as services of the workbench image, placed by the
 * constraints, each waited for until it answers on every listener at its node's address; the levels then load them
 * there. They report their own CPU and memory (SERVER_RESOURCES=on: their processes are not visible from here).
 */
export async function startSwarmServers(config: WirebenchConfig, o: SwarmServersOptions): Promise<SwarmServers> {
  const names = o.servers.map((app) => `wirebench-srv-${o.runId}-${SWARM_SERVERS[app]!.image}`);
  // Their containers too (removeRunNow): on Docker 20.10 a removed service's containers were seen to stay.
  const removeNow = () => removeRunNow(o.runId, names);
  // A second Ctrl-C exits at once: the services must not outlive the CLI then either (the run's end removes them
  // otherwise).
  process.on('exit', removeNow);
  const stop = async () => {
    process.off('exit', removeNow);
    await docker(['service', 'rm', ...names]);
  };
  const env = { ...configVariablesSet(), ...o.serverEnv, SERVER_RESOURCES: 'on', NO_COLOR: '1' };
  try {
    for (const [i, app] of o.servers.entries()) {
      const server = SWARM_SERVERS[app];
      if (!server) throw new Error(`${app} cannot be placed on the swarm`);
      o.note(
        `--swarm-servers: ${app} as service ${names[i]}${o.constraints.length ? ` (${o.constraints.join(', ')})` : ''}`,
      );
      await dockerOk(
        serverServiceArgs({
          name: names[i],
          runId: o.runId,
          image: o.image,
          app: server.image,
          constraints: o.constraints,
          env,
        }),
      );
    }
    const nodes = await swarmNodes();
    const placed = await Promise.all(o.servers.map((app, i) => waitUntilServing(config, app, names[i], nodes, o)));
    for (const p of placed) o.note(`--swarm-servers: ${p.app} serves on ${p.node} at ${p.address}`);
    return {
      targetsEnv: Object.assign({}, ...placed.map((p) => SWARM_SERVERS[p.app]!.targets(p.address, config))),
      placed,
      description:
        `servers as Docker Swarm services ` +
        `of ${o.image} (host network${o.constraints.length ? `, ${o.constraints.join(', ')}` : ''}): ` +
        `${placed.map((p) => `${p.app} on ${p.node} at ${p.address}`).join(', ')}`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Waits until the service's one task runs and its app answers on every listener at its node's address; says why not, in
 * swarm's or the app's words.
 */
async function waitUntilServing(
  config: WirebenchConfig,
  app: ServingAppName,
  service: string,
  nodes: Map<string, string>,
  o: SwarmServersOptions,
): Promise<PlacedServer> {
  const ports = SWARM_SERVERS[app]!.listeners(config);
  const end = Date.now() + o.startTimeoutMs;
  let seen = 'no task created';
  let address: string | undefined;
  for (;;) {
    const [task] = await jobTasks(service, nodes);
    if (task) seen = [task.state, task.err].filter(Boolean).join(': ') + (task.node ? ` on ${task.node}` : '');
    if (task && hasStarted(task.state) && task.state !== 'starting' && task.state !== 'running') {
      throw new Error(`${app} (service ${service}) ended before it answered: ${seen}${await lastLogLine(service)}`);
    }
    if (task?.state === 'running') {
      address ??= await swarmNodeAddress(task.nodeId);
      const answering = await Promise.all(ports.map((port) => isListening(address!, port, 500)));
      if (answering.every(Boolean)) return { app, service, node: task.node, address };
    }
    if (Date.now() > end) {
      // Bound to loopback on a node other nodes (and this CLI) reach by another address: the usual cause, named.
      const loopbackOnly =
        address !== undefined && !isLoopback(address) && isLoopback(SWARM_SERVERS[app]!.bindHost(config));
      throw new Error(
        `${app} (service ${service}) did not answer ` +
          `on ${ports.map((p) => `${address ?? '(no node yet)'}:${p}`).join(', ')} within ` +
          `${o.startTimeoutMs / 1000} s: ${seen}` +
          (loopbackOnly
            ? `; it listens on loopback on its node: set JSON_SERVER_HOST / GRPC_SERVER_HOST to an address ` +
              `other nodes reach (docs/swarm-load.md)`
            : '') +
          (await lastLogLine(service)),
      );
    }
    await sleep(o.pollMs ?? 1_000);
  }
}

const isLoopback = (host: string) => /^127\.|^::1$|^localhost$/.test(host);

/** The service's last log line, for an error: the app's own words when it could not start. */
async function lastLogLine(service: string): Promise<string> {
  const logs = await docker(['service', 'logs', '--raw', '--tail', '5', service]);
  const line = `${logs.stdout}\n${logs.stderr}`.trim().split('\n').filter(Boolean).pop();
  return line ? ` (its last line: ${line.slice(0, 300)})` : '';
}

/** Whether the app can be placed on the swarm by --swarm-servers. */
export function placeableOnSwarm(app: ServingAppName): boolean {
  return SWARM_SERVERS[app] !== undefined;
}
