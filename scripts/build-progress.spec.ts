import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The scripts are plain CommonJS (they run before anything is built), so their types are spelled here.
type Project = { name: string; tsconfig: string | null; buildInfo: string | null };
const { buildOrder, trackBuild, HOOK } = require('./build-progress.js') as {
  buildOrder: (root: string) => Project[];
  trackBuild: (
    order: Project[],
    startedMs: number,
    say: (line: string) => void,
    options?: { quietMs?: number },
  ) => { opened(file: string): void; stop(succeeded: boolean): void };
  HOOK: string;
};

const ROOT = resolve(__dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('buildOrder', () => {
  it("lists nest-cli.json's applications in its order, with their tsconfig and the build info tsc writes", () => {
    const order = buildOrder(ROOT);
    expect(order.map((p) => p.name)).toEqual([
      'client',
      'json-server',
      'grpc-server',
      'bare-json-server',
      'bare-grpc-server',
      'bare-connect-server',
      'bench-cli',
    ]);
    expect(order[0]).toEqual({
      name: 'client',
      tsconfig: join(ROOT, 'apps', 'client', 'tsconfig.app.json'),
      buildInfo: join(ROOT, 'dist', 'apps', 'client', 'tsconfig.app.tsbuildinfo'),
    });
    expect(order.filter((p) => p.buildInfo === null)).toEqual([]);
  });
});

describe('trackBuild', () => {
  let dir: string;
  let order: Project[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wirebench-build-progress-'));
    order = ['a', 'b', 'c'].map((name) => ({
      name,
      tsconfig: join(dir, name, 'tsconfig.app.json'),
      buildInfo: join(dir, `${name}.tsbuildinfo`),
    }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reports a project done when the next one starts, built or unchanged, and the rest when the build ends', () => {
    // "b" was built by an earlier build and has nothing to emit this time; "a" and "c" are written by this one.
    writeFileSync(order[1].buildInfo!, '');
    const lines: string[] = [];
    const tracker = trackBuild(order, Date.now(), (line) => lines.push(line));
    tracker.opened(order[0].tsconfig!);
    tracker.opened(join(dir, 'tsconfig.json'));
    expect(lines).toEqual([]);
    writeFileSync(order[0].buildInfo!, '');
    tracker.opened(order[1].tsconfig!);
    tracker.opened(order[1].tsconfig!);
    expect(lines).toEqual([expect.stringMatching(/^1\/3 a built, \d+ s$/)]);
    tracker.opened(order[2].tsconfig!);
    writeFileSync(order[2].buildInfo!, '');
    tracker.stop(true);
    expect(lines).toEqual([
      expect.stringMatching(/^1\/3 a built, \d+ s$/),
      expect.stringMatching(/^2\/3 b unchanged, \d+ s$/),
      expect.stringMatching(/^3\/3 c built, \d+ s$/),
    ]);
  });

  it(
    'says which project it is still on when it has said nothing for a while, and nothing more after a ' + 'failure',
    async () => {
      const lines: string[] = [];
      const tracker = trackBuild(order, Date.now(), (line) => lines.push(line), { quietMs: 0 });
      tracker.opened(order[0].tsconfig!);
      await sleep(1100);
      tracker.stop(false);
      expect(lines).toEqual([expect.stringMatching(/^still building a \(1\/3\), \d+ s so far$/)]);
    },
  );
});

describe('build-progress-hook', () => {
  it('passes the tsconfig files a process reads to descriptor 3, and nothing else', async () => {
    const script =
      `const fs = require('fs'); ` +
      `fs.readFileSync(${JSON.stringify(join(ROOT, 'apps', 'client', 'tsconfig.app.json'))}); ` +
      `fs.readFileSync(${JSON.stringify(join(ROOT, 'package.json'))});`;
    const child = spawn(process.execPath, ['--require', HOOK, '-e', script], {
      stdio: ['ignore', 'inherit', 'inherit', 'pipe'],
    });
    let seen = '';
    child.stdio[3]!.on('data', (d: Buffer) => (seen += d.toString()));
    const code = await new Promise((r) => child.on('close', r));
    expect(code).toBe(0);
    expect(seen).toBe(join(ROOT, 'apps', 'client', 'tsconfig.app.json') + '\n');
  });

  it('does nothing in a process without descriptor 3', async () => {
    const child = spawn(
      process.execPath,
      [
        '--require',
        HOOK,
        '-e',
        `require('fs').readFileSync(${JSON.stringify(join(ROOT, 'tsconfig.json'))}); console.log('ok')`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    expect(await new Promise((r) => child.on('close', r))).toBe(0);
    expect(out).toBe('ok\n');
  });
});
