// The docs' commands work as written. Every command in the README's quick start, and every command in a fenced block
// whose info string is `sh runnable` in README.md or docs/**/*.md (the convention is in docs/development.md), runs here
// against real processes and must exit 0. curl exits 0 on any HTTP answer, so each curl's status is recorded too and
// must be 2xx, or the one the block names (`sh runnable status=400`, for a documented error reply).
//
// The stack is the quick start's own: `npm run start:all`, started once for the whole file, then stopped the way the
// quick start says (Ctrl-C: SIGINT to its process group). Ports: the docs give the default addresses (127.0.0.1:3000
// for the client, :3001 and :3002 for the servers, :3021 and :3022 for the Fastify and h2c JSON servers, :3013 and
// :3014 for the bare Connect server); this test gives the stack free ports through the environment (CLIENT_PORT,
// JSON_SERVER_PORT, ...), and rewrites those addresses in each command to the same ports before running it. RESULTS_DIR
// is a temporary folder, so `npm run bench` and `npm run load` write there, not into the repository. `npm ci` is not
// run here (it would replace node_modules under the running tests): it is checked to be the install `.ci/run` makes on
// a fresh clone before `npm test`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, ROOT } from './support/app-process';
import { docFiles, fencedBlocks, headings, readDoc } from './support/markdown';
import { pidsWithEnv } from './support/processes';
import { shownOutputsOf, unmatched, type ShownOutput } from './support/shown-output';
import { portsEnv } from './support/stack';

jest.setTimeout(150_000);

const INSTALL = 'npm ci';
const START = 'npm run start:all';
/** The default port in the docs -> the variable that sets it for the stack. */
const DEFAULT_PORTS: Record<string, string> = {
  '3000': 'CLIENT_PORT',
  '3001': 'JSON_SERVER_PORT',
  '3002': 'GRPC_SERVER_PORT',
  '3013': 'BARE_CONNECT_SERVER_PORT',
  '3014': 'BARE_CONNECT_H2_SERVER_PORT',
  '3021': 'FASTIFY_JSON_SERVER_PORT',
  '3022': 'H2_JSON_SERVER_PORT',
};
const READY = [
  /\[json\][^\n]*listening on/,
  /\[grpc\][^\n]*listening on/,
  /\[json-fastify\][^\n]*listening on/,
  /\[json-h2\][^\n]*listening on/,
  /\[bare-connect\][^\n]*listening on/,
  /\[client\][^\n]*listening on/,
];

interface Command {
  where: string;
  command: string;
  /** The HTTP status every curl in it must get: a number, or '2xx'. */
  status: string;
}

/**
 * `sh runnable` or `sh runnable status=400`: the marker, and the status its curls must get; null for any other block.
 */
function runnableStatus(info: string): string | null {
  const m = /^sh runnable(?: status=(\d{3}))?$/.exec(info);
  return m ? (m[1] ?? '2xx') : null;
}

/**
 * A block's commands: one per line, `\` continuing a line, blank lines and comments skipped, trailing comments kept
 * (bash drops them).
 */
function commandsOf(lines: string[]): string[] {
  const out: string[] = [];
  let pending = '';
  for (const line of lines) {
    const joined = pending + line;
    if (/\\\s*$/.test(joined)) {
      pending = joined.replace(/\\\s*$/, ' ');
      continue;
    }
    pending = '';
    if (joined.trim() !== '' && !joined.trim().startsWith('#')) out.push(joined.trim());
  }
  return out;
}

/** The command without a trailing `# comment`, to recognise `npm ci` and `npm run start:all`. */
const bare = (command: string) => command.replace(/\s+#.*$/, '').trim();

/**
 * README's quick start: its section's fenced blocks that are commands (sh, bash, shell), each of which must be marked.
 */
function quickStartBlocks(text: string) {
  const all = headings(text);
  const at = all.findIndex((h) => h.text === 'Quick start');
  const end = all.find((h, i) => i > at && h.level <= all[at].level)?.line ?? Infinity;
  return fencedBlocks(text).filter((b) => b.line > all[at].line && b.line < end && /^(sh|bash|shell)\b/.test(b.info));
}

const readme = readDoc(ROOT, 'README.md');
const commands: Command[] = docFiles(ROOT).flatMap((file) =>
  fencedBlocks(readDoc(ROOT, file))
    .filter((b) => runnableStatus(b.info) !== null)
    .flatMap((b) =>
      commandsOf(b.lines).map((command) => ({ where: `${file}:${b.line}`, command, status: runnableStatus(b.info)! })),
    ),
);
const toRun = commands.filter((c) => bare(c.command) !== INSTALL && bare(c.command) !== START);

// A runnable block is named by its place, `npm run start:all`'s by the command (its output is the stack's).
const shownOutputs: ShownOutput[] = docFiles(ROOT).flatMap((file) =>
  shownOutputsOf(file, fencedBlocks(readDoc(ROOT, file)), (b) =>
    runnableStatus(b.info) === null ? null : commandsOf(b.lines).map(bare).includes(START) ? START : '',
  ),
);

function withPorts(command: string, env: Record<string, string>): string {
  return command.replace(
    /\b(127\.0\.0\.1|localhost):(3000|3001|3002|3013|3014|3021|3022)\b/g,
    (_m, host: string, port: string) => `${host}:${env[DEFAULT_PORTS[port]]}`,
  );
}

// Every curl the command runs reports its HTTP status on stderr, where the command's own output does not go.
const STATUS_MARK = 'wirebench-docs-test: HTTP';
const CURL_REPORTS_STATUS = `curl() { command curl --write-out '%{stderr}${STATUS_MARK} %{http_code}\\n' "$@"; }`;

function run(
  command: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', `${CURL_REPORTS_STATUS}\n${command}`], {
      cwd: ROOT,
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    // Killed at the time limit, the command fails as its exit (null) is not 0.
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the commands the docs mark runnable', () => {
  const resultsDir = mkdtempSync(join(tmpdir(), 'wirebench-docs-'));
  const repoResults = join(ROOT, 'bench-results');
  const repoResultsBefore = existsSync(repoResults) ? readdirSync(repoResults) : [];
  let env: Record<string, string>;
  let stack: ReturnType<typeof spawn> | undefined;
  let stackOutput = '';
  let stackExit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  beforeAll(async () => {
    env = await portsEnv({ RESULTS_DIR: resultsDir });
    // Its own process group, so stopping it is what Ctrl-C in a terminal does: SIGINT to npm, its shell and the apps.
    stack = spawn('bash', ['-c', START], {
      cwd: ROOT,
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    stack.stdout!.on('data', (d: Buffer) => (stackOutput += d.toString()));
    stack.stderr!.on('data', (d: Buffer) => (stackOutput += d.toString()));
    stackExit = new Promise((resolve) => stack!.on('exit', (code, signal) => resolve({ code, signal })));
    const deadline = Date.now() + 90_000;
    while (!READY.every((r) => r.test(stackOutput))) {
      if (stack.exitCode !== null || Date.now() > deadline)
        throw new Error(`${START} did not start every app:\n${stackOutput.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (stack && stack.exitCode === null && stack.signalCode === null) process.kill(-stack.pid!, 'SIGKILL');
    rmSync(resultsDir, { recursive: true, force: true });
  });

  it('finds runnable commands in the README and in docs/', () => {
    expect(commands.some((c) => c.where.startsWith('README.md'))).toBe(true);
    expect(commands.some((c) => c.where.startsWith('docs/'))).toBe(true);
  });

  it('marks every command block of the README quick start runnable, and starts with the install and the stack', () => {
    const blocks = quickStartBlocks(readme);
    expect(blocks.length).toBeGreaterThan(1);
    expect(
      blocks.filter((b) => runnableStatus(b.info) === null).map((b) => `README.md:${b.line} \`\`\`${b.info}`),
    ).toEqual([]);
    expect(commandsOf(blocks[0].lines).map(bare)).toEqual([INSTALL, START]);
  });

  it(`${INSTALL}: the install .ci/run makes on a fresh clone, before npm test`, () => {
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    const install = ci.search(/^npm ci\b/m);
    expect(install).toBeGreaterThanOrEqual(0);
    expect(install).toBeLessThan(ci.search(/^npm test\b/m));
  });

  it(`${START}: the stack these commands run against, every app listening`, () => {
    for (const ready of READY) expect(stackOutput).toMatch(ready);
  });

  const printed = new Map<string, string>();

  it.each(toRun.map((c) => [`${c.where} ${c.command}`, c] as const))(
    '%s exits 0',
    async (_name, { command, status, where }) => {
      const { code, output } = await run(withPorts(command, env), env);
      printed.set(where, (printed.get(where) ?? '') + output);
      if (code !== 0) throw new Error(`exit ${code} from: ${withPorts(command, env)}\n${output.slice(-4000)}`);
      const statuses = [...output.matchAll(new RegExp(`${STATUS_MARK} (\\d{3})`, 'g'))].map((m) => m[1]);
      const wrong = statuses.filter((got) => (status === '2xx' ? !got.startsWith('2') : got !== status));
      if (wrong.length > 0)
        throw new Error(
          `HTTP ${wrong.join(', ')} (expected ${status}) from: ${withPorts(command, env)}\n${output.slice(-4000)}`,
        );
    },
  );

  it('finds the outputs the docs show', () => {
    expect(shownOutputs.some((o) => o.of === START)).toBe(true);
    expect(shownOutputs.some((o) => o.json)).toBe(true);
  });

  it.each(shownOutputs.map((o) => [`${o.where} (output of ${o.of})`, o] as const))(
    '%s shows what the command prints',
    (_name, shown) => {
      const real = shown.of === START ? stackOutput : printed.get(shown.of);
      if (real === undefined) throw new Error(`${shown.where}: its command (${shown.of}) did not run here`);
      expect({ where: shown.where, unmatched: unmatched(shown, real) }).toEqual({ where: shown.where, unmatched: [] });
    },
  );

  it('wrote the runs into RESULTS_DIR, not into the repository', () => {
    expect(readdirSync(resultsDir).length).toBeGreaterThan(0);
    expect(existsSync(repoResults) ? readdirSync(repoResults) : []).toEqual(repoResultsBefore);
  });

  it(`${START} stops on Ctrl-C and leaves no process behind`, async () => {
    process.kill(-stack!.pid!, 'SIGINT');
    const { code, signal } = await stackExit;
    // npm ends itself with the SIGINT it was sent (a shell shows 130, Ctrl-C's status) once start-all has stopped the
    // apps; start-all's own exit 0 on SIGINT is startup.e2e-spec.ts's to check.
    expect(code === 0 || signal === 'SIGINT').toBe(true);
    expect(stackOutput).not.toMatch(/restarting/);
    for (let i = 0; i < 50 && pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT).length > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT)).toEqual([]);
  });
});
