// The workbench image (Dockerfile, scripts/docker/): it runs as a non-root user, its entry point refuses an unknown
// app by naming the apps, and every server and the client start in it, become healthy by the image's own
// HEALTHCHECK, and answer real, verified requests on the host's loopback (--network host). Needs root, Docker and
// the image or its local base (npm run setup:docker, docker:base, docker:build); otherwise skipped with the reason.
import * as grpc from '@grpc/grpc-js';
import { connect } from 'node:http2';
import { checksum, iterateRows } from '@app/data-generator';
import { loadSamplePackageDefinition } from '@app/grpc';
import { docker, dockerSkipReason, ensureImage, IMAGE, uniqueName, waitFor } from './support/docker';
import { freePort } from './support/free-port';
import { portsEnv } from './support/stack';

// A container starts in about a second on overlay2; on a vfs daemon (setup:docker's fallback) it copies the image's
// whole file system first: on a loaded 2-core machine, a minute.
jest.setTimeout(300_000);
const RUN_MS = 240_000;

const reason = dockerSkipReason();
const suite = reason === null ? describe : describe.skip;
const ROWS = 1000;

// The apps that stay up, each checked by its HEALTHCHECK kind (scripts/docker/docker-apps.js).
const SERVING = [
  'json-server',
  'json-fastify',
  'json-h2',
  'grpc-server',
  'bare-json-server',
  'bare-grpc-server',
  'bare-connect-server',
  'client',
] as const;
type Serving = (typeof SERVING)[number];

type Row = Parameters<typeof checksum>[0] extends Iterable<infer R> ? R : never;
const expectVerified = (rows: unknown[]) => {
  expect(rows).toHaveLength(ROWS);
  expect(checksum(rows as Row[])).toEqual(checksum(iterateRows(ROWS)));
};

async function grpcRows(address: string): Promise<unknown[]> {
  const pkg = grpc.loadPackageDefinition(loadSamplePackageDefinition()) as any;
  const client = new pkg.sample.SampleService(address, grpc.credentials.createInsecure());
  try {
    const reply = await new Promise<{ samples: unknown[] }>((resolve, reject) =>
      client.GetSamples(
        { count: ROWS },
        { deadline: Date.now() + 15_000 },
        (error: Error | null, r: { samples: unknown[] }) => (error ? reject(error) : resolve(r)),
      ),
    );
    return reply.samples;
  } finally {
    client.close();
  }
}

function h2cJson(port: string, path: string): Promise<{ samples: unknown[] }> {
  return new Promise((resolve, reject) => {
    const session = connect(`http://127.0.0.1:${port}`);
    session.on('error', reject);
    const chunks: Buffer[] = [];
    const stream = session.request({ ':path': path });
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      session.close();
      resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    });
    stream.on('error', reject);
  });
}

suite(`the workbench image${reason === null ? '' : ` (skipped: ${reason})`}`, () => {
  const names: string[] = [];
  let env: Record<string, string>;
  const startedAt: Partial<Record<Serving, number>> = {};
  const healthyAfterMs: Partial<Record<Serving, number>> = {};

  const run = (app: string, name: string) =>
    docker(
      [
        'run',
        '-d',
        '--name',
        name,
        '--network',
        'host',
        // The image's check, probed every second so start-up is measured to about a second.
        '--health-interval',
        '1s',
        '--health-timeout',
        '5s',
        '--health-retries',
        '3',
        '--health-start-period',
        '60s',
        ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
        IMAGE,
        app,
      ],
      RUN_MS,
    );

  beforeAll(async () => {
    ensureImage();
    // One set of free ports for every container, so the client reaches the servers the test started.
    env = await portsEnv({
      BARE_JSON_SERVER_PORT: String(await freePort()),
      BARE_GRPC_SERVER_PORT: String(await freePort()),
      MAX_ROWS: '10000',
    });
    for (const app of SERVING) {
      const name = uniqueName(`wb-image-e2e-${app}`);
      names.push(name);
      startedAt[app] = Date.now();
      const started = run(app, name);
      if (started.status !== 0) throw new Error(`docker run ${app}: ${started.stderr.trim()}`);
    }
    // Waited for together once all are started: no start-up time is read from this (docs/containers.md has
    // one-at-a-time figures).
    await Promise.all(
      SERVING.map(async (app, i) => {
        try {
          await waitFor(
            `${app} healthy`,
            180_000,
            () => {
              const status = docker([
                'inspect',
                '--format',
                '{{.State.Status}} {{.State.Health.Status}}',
                names[i],
              ]).stdout.trim();
              if (status.startsWith('exited'))
                throw new Error(`${app} exited: ${docker(['logs', '--tail', '20', names[i]]).stderr}`);
              return status === 'running healthy' ? true : undefined;
            },
            500,
          );
        } catch (error) {
          const checks = JSON.parse(
            docker(['inspect', '--format', '{{json .State.Health.Log}}', names[i]]).stdout || 'null',
          ) as { Output: string }[] | null;
          throw new Error(
            `${(error as Error).message}; its last health check said: ${checks?.at(-1)?.Output.trim() ?? '(none)'}`,
            { cause: error },
          );
        }
        healthyAfterMs[app] = Date.now() - startedAt[app]!;
      }),
    );
  }, 25 * 60_000);

  afterAll(() => {
    // Also when a test failed: nothing of this run stays on the daemon.
    if (names.length > 0) docker(['rm', '-f', ...names], 120_000);
    const left = docker(['ps', '-aq', '--filter', `name=wb-image-e2e-`]).stdout.trim().split('\n').filter(Boolean);
    expect(
      names.filter((n) => left.some((id) => docker(['inspect', '--format', '{{.Name}}', id]).stdout.includes(n))),
    ).toEqual([]);
  }, 180_000);

  it('runs as the non-root node user', () => {
    const r = docker(['run', '--rm', '--network', 'none', '--entrypoint', 'id', IMAGE], RUN_MS);
    expect(r.stdout).toMatch(/^uid=1000\(node\) gid=1000\(node\)/);
    expect(docker(['image', 'inspect', '--format', '{{.Config.User}}', IMAGE]).stdout.trim()).toBe('node');
  });

  it('exits 2 naming the apps for an app it does not have', () => {
    const r = docker(['run', '--rm', '--network', 'none', IMAGE, 'nope'], RUN_MS);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no app named "nope"');
    for (const app of [...SERVING, 'bench', 'load', 'generator']) expect(r.stderr).toContain(app);
  });

  it('has every server and the client healthy by its HEALTHCHECK', () => {
    expect(Object.keys(healthyAfterMs).sort()).toEqual([...SERVING].sort());
    // The check the image declares (not only the --health-* timings the test overrides) is the node script.
    expect(docker(['image', 'inspect', '--format', '{{json .Config.Healthcheck.Test}}', IMAGE]).stdout).toContain(
      '/app/scripts/docker/healthcheck.js',
    );
  });

  it.each(['json-server', 'json-fastify', 'bare-json-server'] as const)(
    '%s answers 1,000 verified rows over HTTP',
    async (app) => {
      const port = {
        'json-server': env.JSON_SERVER_PORT,
        'json-fastify': env.FASTIFY_JSON_SERVER_PORT,
        'bare-json-server': env.BARE_JSON_SERVER_PORT,
      }[app];
      const body = (await (await fetch(`http://127.0.0.1:${port}/samples/${ROWS}`)).json()) as { samples: unknown[] };
      expectVerified(body.samples);
    },
  );

  it('json-h2 answers 1,000 verified rows over h2c', async () => {
    expectVerified((await h2cJson(env.H2_JSON_SERVER_PORT, `/samples/${ROWS}`)).samples);
  });

  it.each([
    ['grpc-server', 'GRPC_SERVER_PORT'],
    ['bare-grpc-server', 'BARE_GRPC_SERVER_PORT'],
    ['bare-connect-server', 'BARE_CONNECT_H2_SERVER_PORT'],
  ])('%s answers 1,000 verified rows over gRPC', async (_app, portVariable) => {
    expectVerified(await grpcRows(`127.0.0.1:${env[portVariable]}`));
  });

  it('the client in its container times verified calls to the servers in theirs', async () => {
    for (const transport of ['json', 'grpc']) {
      const response = await fetch(
        `http://127.0.0.1:${env.CLIENT_PORT}/client/${transport}/single/${ROWS}?runs=1&warmup=0`,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ transport, verified: true, rowsReceivedPerRun: ROWS });
    }
  });

  it('reports unhealthy, saying why, when nothing answers where the app should be', async () => {
    // The check must be able to fail: the JSON server's name with a port nothing listens on, and no app at all.
    const idle = String(await freePort());
    const refused = docker(
      [
        'run',
        '--rm',
        '--network',
        'host',
        '-e',
        `JSON_SERVER_PORT=${idle}`,
        '--entrypoint',
        'sh',
        IMAGE,
        '-c',
        'echo json-server > /tmp/wirebench-app && exec node /app/scripts/docker/healthcheck.js',
      ],
      RUN_MS,
    );
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain(`unhealthy: `);
    expect(refused.stdout).toContain(`127.0.0.1:${idle}`);
    const none = docker(['run', '--rm', '--network', 'none', IMAGE, 'healthcheck'], RUN_MS);
    expect(none.status).toBe(1);
    expect(none.stdout).toContain('not started by scripts/docker/entrypoint.js');
  });
});
