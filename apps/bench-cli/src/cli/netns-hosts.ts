import { createWriteStream, WriteStream } from 'node:fs';
import { LaunchedApp, ServingAppName } from '@app/bootstrap';
import { NetworkLink, WirebenchConfig } from '@app/config';
import {
  detectNetem,
  freePort,
  isPassThrough,
  launchInNetns,
  LINK_MTU,
  LinkShaping,
  linkShapingLabel,
  linkShapingSentence,
  loadNetworkProfiles,
  NetnsTopology,
} from '@app/network';
import { calibrationServerPort, launchLinkCalibrationServer } from './link-calibration-server';

/** The servers `npm run bench --hosts netns` puts on the second host; its client stays on this one. */
const BENCH_SERVERS: ServingAppName[] = ['json-server', 'grpc-server', 'json-fastify-server', 'json-h2-server'];

/** The servers on the second host and the shaped link to them: what `npm run load --hosts netns` drives directly. */
export interface NetnsServers {
  /** The servers' addresses on the link, as variables loadConfig reads (JSON_SERVER_URL, GRPC_SERVER_ADDRESS, ...). */
  targetsEnv: Record<string, string>;
  /**
   * The link, as a shaper on this side must know it (NETWORK_LINK_*): the peer, its calibration server, who adds delay.
   */
  link: NetworkLink;
  /** What to record with the run: the namespace, the two ends and the link. */
  description: string;
  /**
   * Puts the named profile on the veth unless it is there already (a pass-through one leaves the link plain) and
   * says, once per profile, which mechanisms carry it; the shaper on this side adds the rest (the delay through
   * Toxiproxy when there is no netem) and records the same in each result's `shaping`.
   */
  useProfile(name: string): void;
  /** How the link carried each profile used so far, e.g. wan: "tc tbf + toxiproxy latency", for the record. */
  readonly linkShaping: Record<string, string>;
  stop(): Promise<void>;
}

export interface NetnsHosts extends NetnsServers {
  /** Where this run's own client listens (a free port here), reaching the servers over the veth. */
  clientUrl: string;
  jsonUrl: string;
  grpcAddress: string;
}

/** The port each app listens on, as configured: the same inside the namespace, on its own address. */
function portOf(config: WirebenchConfig, app: ServingAppName): number {
  const ports: Partial<Record<ServingAppName, number>> = {
    'json-server': config.jsonServer.port,
    'grpc-server': config.grpcServer.port,
    'json-fastify-server': config.fastifyJsonServer.port,
    'json-h2-server': config.h2JsonServer.port,
    'bare-json-server': config.bareJsonServer.port,
    'bare-grpc-server': config.bareGrpcServer.port,
  };
  const port = ports[app];
  if (port === undefined) throw new Error(`${app} is not a server`);
  return port;
}

export interface NetnsServersOptions {
  servers: ServingAppName[];
  /** Settings for the servers only (e.g. SERVER_WORKERS). */
  serverEnv?: Record<string, string>;
  /** Apps to start on this side once the servers and the link are up, given the link's settings (a client). */
  hereApps?: (env: NodeJS.ProcessEnv, log: WriteStream) => Promise<LaunchedApp[]>;
}

/**
 * `--hosts netns`: the given servers in a network namespace of their own, joined to this one by a veth pair (MTU
 * 1500: real TCP between two network stacks, not loopback's 64 KiB frames). They report their own CPU and memory
 * (SERVER_RESOURCES=on: their sockets are not visible from this namespace's /proc). Profiles go on that link
 * (useProfile); whoever shapes on this side is told so (`link`), adds only the delay when the kernel has no netem,
 * and calibrates each path against a calibration server inside the namespace. Everything is created here and
 * removed by stop() (tc's qdiscs go with the veth).
 */
export async function startNetnsServers(
  config: WirebenchConfig,
  root: string,
  logFile: string,
  note: (m: string) => void,
  { servers, serverEnv = {}, hereApps = async () => [] }: NetnsServersOptions,
): Promise<NetnsServers> {
  const log = createWriteStream(logFile, { flags: 'a' });
  // stdout and stderr of each server, the calibration server and a client are piped in: more than Node's default 10.
  log.setMaxListeners(2 * (servers.length + 2) + 1);
  // Asked once, before anything is built: which of a profile's parts the link carries, and so what this side adds.
  const netem = detectNetem().available;
  const topology = NetnsTopology.create();
  const server = topology.serverAddress;
  const targetsEnv = {
    JSON_SERVER_URL: `http://${server}:${config.jsonServer.port}`,
    GRPC_SERVER_ADDRESS: `${server}:${config.grpcServer.port}`,
    FASTIFY_JSON_SERVER_URL: `http://${server}:${config.fastifyJsonServer.port}`,
    H2_JSON_SERVER_URL: `http://${server}:${config.h2JsonServer.port}`,
    BARE_JSON_SERVER_URL: `http://${server}:${config.bareJsonServer.port}`,
    BARE_GRPC_SERVER_ADDRESS: `${server}:${config.bareGrpcServer.port}`,
  };
  const env = {
    ...process.env,
    NO_COLOR: '1',
    JSON_SERVER_HOST: server,
    GRPC_SERVER_HOST: server,
    ...targetsEnv,
    SERVER_RESOURCES: 'on',
  };
  const apps: LaunchedApp[] = [];
  const profiles = loadNetworkProfiles();
  const linkShaping: Record<string, string> = {};
  // The link starts plain.
  let onLink: string | undefined;
  const stop = async () => {
    await Promise.all(apps.map((a) => a.stop()));
    topology.destroy();
    log.end();
  };
  let link: NetworkLink;
  try {
    note(
      `--hosts netns: ` +
        `namespace ${topology.name}, servers ` +
        `at ${server} over ${topology.hostDevice} <-> ${topology.serverDevice} (MTU ${LINK_MTU})`,
    );
    const started = servers.map((app) =>
      launchInNetns(topology, app, { cwd: root, env: { ...env, ...serverEnv }, log }),
    );
    apps.push(...started);
    const calibration = launchLinkCalibrationServer(topology, server, { cwd: root, env, log });
    apps.push(calibration);
    await Promise.all(started.map((a, i) => a.waitUntilListening(server, portOf(config, servers[i]))));
    link = {
      peer: server,
      calibrationPort: await calibrationServerPort(calibration),
      latency: netem ? 'netem' : 'toxiproxy',
    };
    const linkEnv = {
      NETWORK_LINK_PEER: link.peer,
      NETWORK_LINK_CALIBRATION_PORT: String(link.calibrationPort),
      NETWORK_LINK_LATENCY: link.latency,
    };
    apps.push(...(await hereApps({ ...env, ...linkEnv }, log)));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    targetsEnv,
    link,
    description:
      `servers in network ` +
      `namespace ${topology.name} at ${server}, client at ` +
      `${topology.hostAddress}, veth MTU ${LINK_MTU}; profiles on the veth: bandwidth tc tbf, latency ` +
      `${netem ? 'netem' : 'Toxiproxy (no netem in this kernel)'}`,
    useProfile: (name) => {
      if (name === onLink) return;
      const profile = profiles[name];
      let shaping: LinkShaping = { bandwidth: 'none', latency: 'none' };
      if (isPassThrough(profile)) topology.clearProfile();
      else shaping = topology.applyProfile(profile);
      onLink = name;
      if (!(name in linkShaping)) note(linkShapingSentence(profile, shaping));
      linkShaping[name] = linkShapingLabel(shaping);
    },
    linkShaping,
    stop,
  };
}

/**
 * `npm run bench --hosts netns`: the bench's servers on the second host, and a client of this run's own here whose
 * targets are their address on the link and which is told the link's shaping (NETWORK_LINK_*).
 */
/** `appEnv`: settings for every app it starts, servers and client (the user's message: userShapeEnv). */
export async function startNetnsHosts(
  config: WirebenchConfig,
  root: string,
  logFile: string,
  note: (m: string) => void,
  appEnv: Record<string, string> = {},
): Promise<NetnsHosts> {
  let clientPort = 0;
  const hereApps = async (env: NodeJS.ProcessEnv, log: WriteStream) => {
    // Picked only now, just before the client binds it: the servers took seconds to start, time enough for the
    // port to be handed to some outgoing connection had it been picked first.
    clientPort = await freePort();
    const client = LaunchedApp.launch('client', {
      cwd: root,
      env: { ...env, ...appEnv, CLIENT_PORT: String(clientPort) },
      log,
    });
    try {
      await client.waitUntilListening('127.0.0.1', clientPort);
    } catch (error) {
      await client.stop();
      throw error;
    }
    return [client];
  };
  const servers = await startNetnsServers(config, root, logFile, note, {
    servers: BENCH_SERVERS,
    serverEnv: appEnv,
    hereApps,
  });
  return {
    ...servers,
    clientUrl: `http://127.0.0.1:${clientPort}`,
    jsonUrl: servers.targetsEnv.JSON_SERVER_URL,
    grpcAddress: servers.targetsEnv.GRPC_SERVER_ADDRESS,
  };
}
