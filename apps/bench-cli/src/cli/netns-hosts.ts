import { createWriteStream } from 'node:fs';
import { LaunchedApp, ServingAppName } from '@app/bootstrap';
import { WirebenchConfig } from '@app/config';
import { detectNetem, freePort, isPassThrough, launchInNetns, LINK_MTU, LinkShaping, linkShapingLabel, linkShapingSentence, loadNetworkProfiles, NetnsTopology } from '@app/network';
import { calibrationServerPort, launchLinkCalibrationServer } from './link-calibration-server';

/** The servers `--hosts netns` puts on the second host; the client stays on this one. */
const SERVERS: ServingAppName[] = ['json-server', 'grpc-server', 'json-fastify-server', 'json-h2-server'];

export interface NetnsHosts {
  /** Where this run's own client listens (a free port here), reaching the servers over the veth. */
  clientUrl: string;
  /** The servers' addresses on the link, as the client reaches them. */
  jsonUrl: string;
  grpcAddress: string;
  /** What to record with the run: the namespace, the two ends and the link. */
  description: string;
  /**
   * Puts the named profile on the veth unless it is there already (a pass-through one leaves the link plain) and
   * says, once per profile, which mechanisms carry it; the client adds the rest (the delay through Toxiproxy when
   * there is no netem) and records the same in each result's `shaping`.
   */
  useProfile(name: string): void;
  /** How the link carried each profile used so far, e.g. wan: "tc tbf + toxiproxy latency", for the record. */
  readonly linkShaping: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * `--hosts netns`: the servers in a network namespace of their own, joined to this one by a veth pair (MTU 1500: real
 * TCP between two network stacks, not loopback's 64 KiB frames), and a client of this run's own here whose targets
 * are the servers' address on that link. The servers report their own CPU and memory (SERVER_RESOURCES=on: their
 * sockets are not visible from this namespace's /proc). Profiles go on that link (shape()): the client is told so
 * (NETWORK_LINK_*), adds only the delay when the kernel has no netem, and calibrates each path against a calibration
 * server inside the namespace. Everything is created here and removed by stop() (tc's qdiscs go with the veth).
 */
export async function startNetnsHosts(config: WirebenchConfig, root: string, logFile: string, note: (m: string) => void): Promise<NetnsHosts> {
  const log = createWriteStream(logFile, { flags: 'a' });
  // stdout and stderr of each server, the calibration server and the client are piped in: more than Node's default 10.
  log.setMaxListeners(2 * (SERVERS.length + 2) + 1);
  const clientPort = await freePort();
  // Asked once, before anything is built: which of a profile's parts the link carries, and so what the client adds.
  const netem = detectNetem().available;
  const topology = NetnsTopology.create();
  const server = topology.serverAddress;
  const ports = { json: config.jsonServer.port, grpc: config.grpcServer.port, fastify: config.fastifyJsonServer.port, h2: config.h2JsonServer.port };
  const env = {
    ...process.env,
    NO_COLOR: '1',
    JSON_SERVER_HOST: server,
    GRPC_SERVER_HOST: server,
    JSON_SERVER_URL: `http://${server}:${ports.json}`,
    GRPC_SERVER_ADDRESS: `${server}:${ports.grpc}`,
    FASTIFY_JSON_SERVER_URL: `http://${server}:${ports.fastify}`,
    H2_JSON_SERVER_URL: `http://${server}:${ports.h2}`,
    CLIENT_PORT: String(clientPort),
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
  try {
    note(`--hosts netns: namespace ${topology.name}, servers at ${server} over ${topology.hostDevice} <-> ${topology.serverDevice} (MTU ${LINK_MTU})`);
    const servers = SERVERS.map((app) => launchInNetns(topology, app, { cwd: root, env, log }));
    apps.push(...servers);
    const calibration = launchLinkCalibrationServer(topology, server, { cwd: root, env, log });
    apps.push(calibration);
    await Promise.all(servers.map((a, i) => a.waitUntilListening(server, [ports.json, ports.grpc, ports.fastify, ports.h2][i])));
    const linkEnv = { NETWORK_LINK_PEER: server, NETWORK_LINK_CALIBRATION_PORT: String(await calibrationServerPort(calibration)), NETWORK_LINK_LATENCY: netem ? 'netem' : 'toxiproxy' };
    const client = LaunchedApp.launch('client', { cwd: root, env: { ...env, ...linkEnv }, log });
    apps.push(client);
    await client.waitUntilListening('127.0.0.1', clientPort);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    clientUrl: `http://127.0.0.1:${clientPort}`,
    jsonUrl: env.JSON_SERVER_URL,
    grpcAddress: env.GRPC_SERVER_ADDRESS,
    description: `servers in network namespace ${topology.name} at ${server}, client at ${topology.hostAddress}, veth MTU ${LINK_MTU}; profiles on the veth: bandwidth tc tbf, latency ${netem ? 'netem' : 'Toxiproxy (no netem in this kernel)'}`,
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
