// The stack file (deploy/wirebench-stack.yml) on a swarm: deployed under a name of its own with free ports, every
// service's task running and healthy, then the bench pointed at it by the same port variables measures the stack's
// servers and client, starting none of its own, and every result is verified; `docker stack rm` leaves nothing.
// Needs root, Docker, an active swarm and the image or its local base; otherwise skipped with the reason.
import { join } from 'node:path';
import { ROOT } from './support/app-process';
import { benchIntoFolder } from './support/bench-run';
import { docker, dockerSkipReason, ensureImage, IMAGE, uniqueName, waitFor } from './support/docker';
import { freePort } from './support/free-port';
import { portsEnv } from './support/stack';

const reason = dockerSkipReason({ swarm: true });
const suite = reason === null ? describe : describe.skip;
const STACK_FILE = join(ROOT, 'deploy', 'wirebench-stack.yml');
const SERVICES = [
  'json-server',
  'json-fastify',
  'json-h2',
  'grpc-server',
  'bare-connect-server',
  'bare-json-server',
  'bare-grpc-server',
  'client',
];
// Every service the bench calls: the two baselines and the variants served by the other stack services.
const VARIANTS = 'json,grpc,json-fastify,json-h2,connect-bare';

const byStack = (stack: string) => ['--filter', `label=com.docker.stack.namespace=${stack}`];
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

suite(`the stack file on a swarm${reason === null ? '' : ` (skipped: ${reason})`}`, () => {
  const stack = uniqueName('wb-image-stack');
  let env: Record<string, string>;
  let deployed = false;

  const removeStack = async () => {
    docker(['stack', 'rm', stack], 120_000);
    // stack rm returns before the tasks' containers are gone: wait for both.
    await waitFor(
      `stack ${stack} removed`,
      120_000,
      () =>
        lines(docker(['service', 'ls', '-q', ...byStack(stack)]).stdout).length +
          lines(docker(['ps', '-aq', ...byStack(stack)]).stdout).length ===
        0
          ? true
          : undefined,
      1000,
    );
  };

  beforeAll(async () => {
    ensureImage();
    env = await portsEnv({
      BARE_JSON_SERVER_PORT: String(await freePort()),
      BARE_GRPC_SERVER_PORT: String(await freePort()),
    });
    // The environment substitutes the stack file's ${...}: the image under test, these ports, fast health checks.
    // --resolve-image never: the image is local, there is no registry to ask for its digest.
    deployed = true;
    const deploy = docker(['stack', 'deploy', '--resolve-image', 'never', '-c', STACK_FILE, stack], 120_000, {
      ...env,
      WIREBENCH_IMAGE: IMAGE,
      // 3 s, not 1: three failed checks in a row restart a task, and with 1 s a CI machine starved for three seconds
      // (the image built beside it) restarted the gRPC server mid-run (ECONNREFUSED in the bench).
      WIREBENCH_HEALTH_INTERVAL: '3s',
    });
    if (deploy.status !== 0) throw new Error(`docker stack deploy: ${deploy.stderr.trim()}`);
  }, 25 * 60_000);

  afterAll(async () => {
    if (deployed) await removeStack();
  }, 180_000);

  it('deploys every service, running and healthy', async () => {
    const healthy = await waitFor(
      `every service of ${stack} running and healthy`,
      240_000,
      () => {
        const states = lines(
          docker(['ps', '--format', '{{.Label "com.docker.swarm.service.name"}} {{.Status}}', ...byStack(stack)])
            .stdout,
        );
        const ok = SERVICES.filter((s) =>
          states.some((l) => l.startsWith(`${stack}_${s} `) && l.includes('(healthy)')),
        );
        return ok.length === SERVICES.length ? ok : undefined;
      },
      1000,
    );
    expect(healthy.sort()).toEqual([...SERVICES].sort());
    for (const service of SERVICES) {
      const tasks = lines(
        docker([
          'service',
          'ps',
          '--filter',
          'desired-state=running',
          '--format',
          '{{.CurrentState}}',
          `${stack}_${service}`,
        ]).stdout,
      );
      expect([service, tasks.length, tasks[0]?.startsWith('Running')]).toEqual([service, 1, true]);
    }
  }, 300_000);

  it(
    'is what npm run bench measures when pointed at it: verified results, no server or client of its ' + 'own',
    async () => {
      const r = await benchIntoFolder(
        ['--preset', 'quick', '--variants', VARIANTS, '--runs', '3', '--warmup', '1'],
        env,
        'wirebench-stack-',
      );
      // On a failure, each service's tasks too: a task replaced mid-run (health check, crash) says why there.
      const tasks = () =>
        SERVICES.map(
          (service) =>
            docker([
              'service',
              'ps',
              '--no-trunc',
              '--format',
              '{{.Name}} {{.CurrentState}} {{.Error}}',
              `${stack}_${service}`,
            ]).stdout,
        ).join('');
      expect({ code: r.code, output: r.code === 0 ? '' : `${r.output.slice(-4000)}\n${tasks()}` }).toEqual({
        code: 0,
        output: '',
      });
      // The bench found every app at the configured addresses: it started none (AppLauncher's pids are empty).
      expect(r.output).not.toMatch(/starting |started /);
      expect(r.result!.invocationStarts!.map((s) => s.pids)).toEqual([{}]);
      expect(r.result!.scenarios.length).toBe(4 * VARIANTS.split(',').length);
      for (const s of r.result!.scenarios) expect([s.name, s.variant, s.verified]).toEqual([s.name, s.variant, true]);
      expect(r.summary).toHaveLength(r.result!.scenarios.length);
      for (const row of r.summary)
        expect([row.scenario, row.variant, row.verified]).toEqual([row.scenario, row.variant, 'true']);
    },
    600_000,
  );
});
