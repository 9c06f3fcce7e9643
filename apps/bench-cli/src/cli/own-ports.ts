import { createServer } from 'node:net';
import type { AppLauncher } from '@app/bootstrap';

/** The port of every app a bench run starts, as the environment sets them (docs/configuration.md). */
const PORT_VARIABLES = [
  'CLIENT_PORT',
  'JSON_SERVER_PORT',
  'GRPC_SERVER_PORT',
  'FASTIFY_JSON_SERVER_PORT',
  'H2_JSON_SERVER_PORT',
  'BARE_CONNECT_SERVER_PORT',
  'BARE_CONNECT_H2_SERVER_PORT',
  'BARE_JSON_SERVER_PORT',
  'BARE_GRPC_SERVER_PORT',
  'GO_JSON_SERVER_PORT',
  'GO_GRPC_SERVER_PORT',
] as const;

// A run told where its apps are by an address is not moved: the user chose those apps.
const ADDRESS_VARIABLES = [
  'CLIENT_URL',
  'JSON_SERVER_URL',
  'GRPC_SERVER_ADDRESS',
  'FASTIFY_JSON_SERVER_URL',
  'H2_JSON_SERVER_URL',
  'BARE_CONNECT_SERVER_URL',
  'BARE_CONNECT_H2_SERVER_URL',
  'BARE_JSON_SERVER_URL',
  'BARE_GRPC_SERVER_ADDRESS',
  'GO_JSON_SERVER_URL',
  'GO_GRPC_SERVER_ADDRESS',
];

/**
 * `count` loopback ports nothing listens on now, all different: the kernel's picks, each held until all are picked
 * (one picked and released at a time can come back: CLIENT_PORT and H2_JSON_SERVER_PORT were once given the same).
 */
async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      probes.map(
        (probe) =>
          new Promise<number>((resolve, reject) => {
            probe.once('error', reject);
            probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port));
          }),
      ),
    );
  } finally {
    await Promise.all(
      probes.map((probe) => new Promise((resolve) => (probe.listening ? probe.close(resolve) : resolve(null)))),
    );
  }
}

/**
 * A run that must start its own apps (--proto, --blob-bytes, --invocations, --node) while others answer at the
 * configured addresses (a `npm run start:all` left running, as the quick start does): its apps go to free loopback
 * ports, set in `env` so the apps it starts and its own config read them, and the one line to say so is returned.
 * Null when nothing answers, or when an address variable says where the apps are (then the run refuses, as before).
 */
export async function moveToFreePorts(
  launcher: AppLauncher,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  const running = await launcher.reachable();
  if (running.length === 0 || ADDRESS_VARIABLES.some((name) => (env[name] ?? '').trim() !== '')) return null;
  const moved: string[] = [];
  const ports = await freePorts(PORT_VARIABLES.length);
  PORT_VARIABLES.forEach((name, i) => {
    env[name] = String(ports[i]);
    moved.push(`${name}=${env[name]}`);
  });
  return (
    `apps this run did not start answer at the configured addresses ` +
    `(${running.join(', ')}); it starts its own on free ports instead (${moved.join(' ')})`
  );
}
