// `npm run swarm:lab`: a 3-node Docker Swarm on this machine (a manager and two workers, each a network namespace
// with a daemon of its own), then `npm run load --hosts swarm` from the manager's namespace with the servers on the
// manager and one generator share on each worker, traffic crossing the lab's bridge; the stack file deployed with the
// servers on the manager and the client on a worker, measured by `npm run bench -- --preset quick` from the other
// worker; and `down`, after which nothing of it is left. Skipped, with the reason, without root, Docker, network
// namespaces or the image.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { appEntry } from '@app/bootstrap';
import { LatencyHistogram } from '@app/bench';
import { ROOT } from './support/app-process';
import { benchIntoFolder } from './support/bench-run';
import { dockerSkipReason, IMAGE, imageExists } from './support/docker';

// Three daemons start, form a swarm and each load the image (tens of seconds on 2 cores), then tasks start on them.
jest.setTimeout(300_000);

const LAB = join(ROOT, 'scripts', 'swarm-lab.sh');
const LOAD = appEntry('bench-cli', 'load-main.js', ROOT);
// A prefix and directories of this suite's own, so a lab a user has up is never touched.
const LAB_ENV = {
  LAB_PREFIX: `wbt${process.pid % 10000}`,
  LAB_ROOT: `/var/lib/wirebench-lab-test-${process.pid}`,
  LAB_RUN: `/run/wirebench-lab-test-${process.pid}`,
};
type Row = Record<string, string>;

const addr = (node: number) => `10.232.0.${node + 1}`;
const STACK_FILE = join(ROOT, 'deploy', 'wirebench-stack.yml');
const STACK = 'wblabstack';
const STACK_LABEL = `com.docker.stack.namespace=${STACK}`;
const STACK_SERVICES = 8;
/**
 * The stack file's variables for the lab: the servers bound to the manager's address (exec sets their *_HOST), the
 * client to node 1's, each placed by the lab's labels.
 */
const STACK_ENV = [
  `CLIENT_HOST=${addr(1)}`,
  // The servers' own CPU reports, read by the client across the lab (off by default on a non-loopback bind).
  'SERVER_RESOURCES=on',
  'WIREBENCH_SERVERS_PLACEMENT=node.labels.wirebench.lab.node==node-0',
  'WIREBENCH_CLIENT_PLACEMENT=node.labels.wirebench.lab.node==node-1',
  `WIREBENCH_IMAGE=${IMAGE}`,
];

/** `npm run load --hosts swarm` from the manager's namespace: servers on node 0, one generator share per worker. */
const ACROSS = [
  '--hosts',
  'swarm',
  '--server-constraint',
  'node.labels.wirebench.lab.node==node-0',
  '--generator-constraint',
  'node.role==worker',
  '--generators',
  '2',
  '--per-node',
  '1',
  '--transport',
  'grpc',
  '--concurrency',
  '8',
  '--warmup',
  '1',
];

function lab(args: string[], timeoutMs = 240_000) {
  const r = spawnSync('bash', [LAB, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, ...LAB_ENV, WIREBENCH_IMAGE: IMAGE },
  });
  return { code: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

function skipReason(): string | null {
  const docker = dockerSkipReason();
  if (docker) return docker;
  if (!imageExists(IMAGE)) return `no image ${IMAGE} (npm run docker:build)`;
  const probe = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' });
  if (probe.status !== 0) return `network namespaces unavailable: ${(probe.stderr || String(probe.error)).trim()}`;
  return null;
}

/** What of the lab is still on the machine: its namespaces, its directories, daemons on its sockets. */
function leftovers(): string[] {
  const namespaces = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((l) => l.split(' ')[0])
    .filter((n) => n.startsWith(`${LAB_ENV.LAB_PREFIX}-`));
  const dirs = [LAB_ENV.LAB_ROOT, LAB_ENV.LAB_RUN].filter((d) => existsSync(d));
  const daemons = spawnSync('pgrep', ['-af', `dockerd.*${LAB_ENV.LAB_RUN}`], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean);
  return [...namespaces, ...dirs, ...daemons];
}

/** The lab's generator tasks' states now, e.g. "Running 3 seconds ago". */
function generatorStates(): string[] {
  const jobs = lab(['exec', '--', 'docker', 'service', 'ls', '--quiet', '--filter', 'name=wirebench-gen'], 30_000)
    .output.split('\n')
    .filter((l) => /^\w+$/.test(l));
  if (jobs.length === 0) return [];
  return lab(['exec', '--', 'docker', 'service', 'ps', '--format', '{{.CurrentState}}', ...jobs], 30_000)
    .output.split('\n')
    .filter(Boolean);
}

async function waitUntil(what: string, timeoutMs: number, done: () => boolean): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * The load CLI with ACROSS and `args` in the manager's namespace (asynchronously: `during` runs while it does); its
 * exit, output, first levels.csv row and first level.
 */
async function loadAcross(args: string[], during?: () => Promise<void>) {
  const out = mkdtempSync(join(tmpdir(), 'wirebench-lab-load-'));
  try {
    const child = spawn('bash', [LAB, 'exec', '--', process.execPath, LOAD, ...ACROSS, ...args, '--out', out], {
      cwd: ROOT,
      env: { ...process.env, ...LAB_ENV, WIREBENCH_IMAGE: IMAGE },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const bound = setTimeout(() => child.kill('SIGKILL'), 240_000);
    try {
      if (during) await during();
      const code = await exited;
      const dirs = readdirSync(out);
      if (dirs.length !== 1) throw new Error(`the load wrote no run (exit ${code}):\n${output}`);
      const read = (file: string) => readFileSync(join(out, dirs[0], file), 'utf8');
      const [row] = parse(read('levels.csv'), { columns: true }) as Row[];
      return { code, output, row, level: JSON.parse(read('result.json')).levels[0] };
    } finally {
      clearTimeout(bound);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Mbit/s of one TCP transfer of `bytes` from node 0 to node 1 across the lab: a server in node 0's namespace sends
 * them, a client in node 1's reads to the end and times it from its first byte (the handshake left out).
 */
async function transferMbit(bytes: number): Promise<number> {
  const serve =
    `const s = require('net').createServer((c) => { c.end(Buffer.alloc(${bytes}, 7)); s.close(); });` +
    `s.listen(0, '${addr(0)}', () => console.log(s.address().port));`;
  const server = spawn('bash', [LAB, 'exec', '0', '--', process.execPath, '-e', serve], {
    cwd: ROOT,
    env: { ...process.env, ...LAB_ENV },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.stdout.once('data', (d) => resolve(Number(String(d).trim())));
      server.once('exit', (code) => reject(new Error(`the transfer's server exited ${code}`)));
    });
    const read =
      `const c = require('net').connect(${port}, '${addr(0)}'); let n = 0, t0;` +
      `c.on('data', (d) => { t0 ??= process.hrtime.bigint(); n += d.length; });` +
      `c.on('end', () => console.log(n, Number(process.hrtime.bigint() - t0) / 1e9));`;
    const r = lab(['exec', '1', '--', process.execPath, '-e', read], 60_000);
    const [got, seconds] = r.output.trim().split(' ').map(Number);
    if (got !== bytes) throw new Error(`read ${got} of ${bytes} bytes: ${r.output}`);
    return (bytes * 8) / seconds / 1e6;
  } finally {
    server.kill();
  }
}

const reason = skipReason();
const suite = reason === null ? describe : describe.skip;

suite(`npm run swarm:lab${reason === null ? '' : ` (skipped: ${reason})`}`, () => {
  let upOutput = '';
  beforeAll(() => {
    const up = lab(['up', '--nodes', '3']);
    upOutput = up.output;
    if (up.code !== 0) throw new Error(`swarm:lab up failed (exit ${up.code}):\n${up.output}`);
  }, 300_000);

  afterAll(() => {
    const down = lab(['down'], 120_000);
    expect({ code: down.code, left: leftovers() }).toEqual({ code: 0, left: [] });
  }, 150_000);

  it('up: three nodes Ready, one manager, each labelled, the image on each; status says so', () => {
    expect(upOutput).toMatch(/swarm: node 0 manager, 2 workers, all Ready/);
    const status = lab(['status']);
    expect(status.code).toBe(0);
    for (const i of [0, 1, 2])
      expect(status.output).toMatch(new RegExp(`node ${i}: .* address 10\\.232\\.0\\.${i + 1}, .*active`));
    expect(status.output.match(/ Ready Active/g)).toHaveLength(3);
    for (const i of [0, 1, 2]) {
      const images = lab(['exec', String(i), '--', 'docker', 'image', 'inspect', '--format', '{{.Id}}', IMAGE]);
      expect(images.code).toBe(0);
    }
    // A second up is refused while this one stands.
    const again = lab(['up', '--nodes', '2']);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/a lab is already up/);
  });

  it('shape: every link at 20 Mbit/s each way (tc tbf), a bulk transfer takes that rate; --off lifts it', async () => {
    const shaped = lab(['shape', '--mbit', '20']);
    expect({ code: shaped.code, output: shaped.output }).toEqual({ code: 0, output: expect.stringMatching(/20 Mbit/) });
    expect(lab(['status']).output.match(/link 20Mbit \(tc tbf\)/g)).toHaveLength(3);
    const slow = await transferMbit(4 * 2 ** 20);
    expect(lab(['shape', '--off']).code).toBe(0);
    expect(lab(['status']).output).not.toMatch(/tc tbf/);
    const fast = await transferMbit(4 * 2 ** 20);
    process.stderr.write(
      `swarm:lab node 0 -> node 1: ${slow.toFixed(1)} Mbit/s shaped to 20, ${fast.toFixed(0)} unshaped\n`,
    );
    // tbf's bucket lets one 4 ms tick's worth through at line rate: the whole transfer stays within 10% above.
    expect(slow).toBeGreaterThan(20 * 0.7);
    expect(slow).toBeLessThan(20 * 1.1);
    expect(fast).toBeGreaterThan(100);
    expect(lab(['shape', '--mbit', '0']).output).toMatch(/from 1 to 10000/);
  });

  it(
    'load from the workers against servers on the manager: 0 errors, verified, merged counts exact, the ' +
      'nodes recorded apart',
    async () => {
      const run = await loadAcross(['--duration', '3']);
      expect({ code: run.code, output: run.code === 0 ? '' : run.output }).toEqual({ code: 0, output: '' });
      const { row, level } = run;
      expect(Number(row.errors)).toBe(0);
      expect(Number(row.successes)).toBeGreaterThan(0);
      expect(Number(row.requests)).toBe(Number(row.successes));
      expect(row.verified).toBe('true');
      const merged = LatencyHistogram.merge([{ histogram: level.latencyHistogram, exact: level.latencyExactUs }]);
      expect(merged.count).toBe(level.successes);
      merged.destroy();
      // All three share one hostname: the records name nodes by hostname/ID, two different workers, not the manager.
      const nodes = level.generatorTasks.map((t: { node: string }) => t.node);
      expect(nodes).toHaveLength(2);
      expect(new Set(nodes).size).toBe(2);
      expect(nodes).not.toContain(row.server_node);
      expect(row.server_node).toMatch(/\/\w{12}$/);
      expect(row.address).toMatch(/^10\.232\.0\.1:/);
      const parts = level.generatorTasks.map((t: { rps: number }) => t.rps);
      expect(parts.every((r: number) => r > 0)).toBe(true);
      process.stderr.write(
        `swarm:lab grpc c=8 g=2 across nodes: ${row.rps} req/s (per worker ${parts.join(', ')}), ` +
          `p50 ${row.latency_p50_ms} ms\n`,
      );
    },
  );

  it(
    'the stack across nodes: servers on the manager, the client on a worker, the quick preset from the other ' +
      'worker, every result verified; stack rm leaves no container',
    async () => {
      // Every service's task running (healthy: a task with a health check is Running only once it passed one).
      const replicas = () =>
        lab(['exec', '--', 'docker', 'service', 'ls', '--filter', `label=${STACK_LABEL}`, '--format', '{{.Replicas}}'])
          .output.split('\n')
          .filter((l) => /^\d+\/\d+/.test(l));
      const running = () =>
        lab([
          'exec',
          '--',
          'docker',
          'stack',
          'ps',
          STACK,
          '--filter',
          'desired-state=running',
          '--format',
          '{{.CurrentState}}',
        ])
          .output.split('\n')
          .filter((l) => l.startsWith('Running'));
      const containers = (node: number) =>
        lab([
          'exec',
          String(node),
          '--',
          'docker',
          'ps',
          '-a',
          '--filter',
          `label=${STACK_LABEL}`,
          '--format',
          '{{.Names}}',
        ])
          .output.split('\n')
          .filter(Boolean)
          .map((name) => name.replace(/^[^_]+_([^.]+)\..*$/, '$1'))
          .sort();
      const deploy = lab(
        [
          'exec',
          '--',
          'env',
          ...STACK_ENV,
          'docker',
          'stack',
          'deploy',
          '--resolve-image',
          'never',
          '-c',
          STACK_FILE,
          STACK,
        ],
        120_000,
      );
      try {
        expect({ code: deploy.code, output: deploy.code === 0 ? '' : deploy.output }).toEqual({ code: 0, output: '' });
        await waitUntil('every stack service 1/1 and running', 180_000, () => {
          const r = replicas();
          return (
            r.length === STACK_SERVICES && r.every((l) => l.startsWith('1/1')) && running().length === STACK_SERVICES
          );
        });
        // Placement: the client alone on node 1, the seven servers on node 0, nothing on node 2.
        expect(containers(1)).toEqual(['client']);
        expect(containers(0)).toHaveLength(STACK_SERVICES - 1);
        expect(containers(0)).not.toContain('client');
        expect(containers(2)).toEqual([]);

        const r = await benchIntoFolder(
          ['--preset', 'quick'],
          { ...LAB_ENV, CLIENT_HOST: addr(1) },
          'wirebench-lab-bench-',
          ['bash', LAB, 'exec', '2', '--'],
        );
        expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
        // It found the client and the servers at the lab's addresses and started none of its own.
        expect(r.output).not.toMatch(/starting |started /);
        expect(r.result!.invocationStarts!.map((s) => s.pids)).toEqual([{}]);
        expect(r.result!.scenarios.length).toBe(8);
        for (const s of r.result!.scenarios) expect([s.name, s.variant, s.verified]).toEqual([s.name, s.variant, true]);
        for (const row of r.summary)
          expect([row.scenario, row.variant, row.verified]).toEqual([row.scenario, row.variant, 'true']);
        // The servers' CPU from their own reports across the lab (SERVER_RESOURCES=on): /proc cannot see node 0.
        for (const row of r.summary) {
          expect([row.scenario, row.variant, row.server_resources_source]).toEqual([
            row.scenario,
            row.variant,
            'server',
          ]);
          expect(Number(row.server_cpu_ms_per_request)).toBeGreaterThan(0);
        }
        const medians = r.summary.map((row) => `${row.scenario}/${row.variant} ${row.median_ms} ms`).join(', ');
        process.stderr.write(`swarm:lab quick preset, servers on node 0, client on node 1: ${medians}\n`);
      } finally {
        lab(['exec', '--', 'docker', 'stack', 'rm', STACK], 120_000);
        // stack rm returns before the tasks' containers are gone.
        await waitUntil("the stack's containers removed", 120_000, () =>
          [0, 1].every((n) => containers(n).length === 0),
        );
      }
    },
  );

  it("a worker that dies mid-level: its share failed and named, the other's figures kept, exit 1", async () => {
    const run = await loadAcross(['--duration', '15'], async () => {
      await waitUntil(
        'both generator tasks running',
        120_000,
        () => generatorStates().filter((s) => s.startsWith('Running')).length >= 2,
      );
      await new Promise((r) => setTimeout(r, 4000));
      const killed = lab(['kill', '2']);
      expect(killed.code).toBe(0);
    });
    expect(run.code).toBe(1);
    const { row, level } = run;
    const failed = level.generatorTasks.filter((t: { error?: string }) => t.error !== undefined);
    expect(failed).toHaveLength(1);
    expect(failed[0].error).toMatch(/is down|could not be read/);
    expect(Number(row.successes)).toBeGreaterThan(0);
    expect(Number(row.requests)).toBe(Number(row.successes) + Number(row.errors));
    const merged = LatencyHistogram.merge([{ histogram: level.latencyHistogram, exact: level.latencyExactUs }]);
    expect(merged.count).toBe(level.successes);
    merged.destroy();
    expect(row.notes).toMatch(/generator task slot \d on \S+ failed/);
    process.stderr.write(`swarm:lab worker killed mid-level: ${row.rps} req/s kept; ${failed[0].error}\n`);
  });
});
