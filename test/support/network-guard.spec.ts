import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, Socket } from 'node:net';
import { join } from 'node:path';
import { allowNamespaceHosts, guardLayers, NETWORK_RULE, refusal, takeViolations } from './network-guard';

const ROOT = join(__dirname, '..', '..');

/** The error a connection ends with, or null when it connected (within a second either way). */
const outcome = (socket: Socket) =>
  new Promise<Error | null>((resolve) => {
    const timer = setTimeout(() => resolve(new Error('neither connected nor failed within 1 s')), 1_000);
    socket.on('connect', () => (clearTimeout(timer), socket.destroy(), resolve(null)));
    socket.on('error', (e) => (clearTimeout(timer), resolve(e)));
  });

describe('network guard', () => {
  // The cases below aim at private addresses on purpose: never without the guard in front of them.
  beforeAll(() => {
    if (guardLayers() !== 1) throw new Error('the network guard is not installed: refusing to try a private address');
  });
  afterEach(() => takeViolations());

  it('allows loopback and localhost, and refuses every other address and hostname', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost'])
      expect(refusal(host)).toBeNull();
    for (const host of ['10.255.255.1', '192.168.1.1', '172.16.0.1', '8.8.8.8', '0.0.0.0', '::', '2001:db8::1'])
      expect(refusal(host)).toBe(host);
    expect(refusal('example.com')).toMatch(/^a hostname \(example\.com\)/);
  });

  it('fails net.connect to a private address at once, naming it and the rule, without a packet sent', async () => {
    const started = Date.now();
    const error = await outcome(connect(80, '10.255.255.1'));
    expect(Date.now() - started).toBeLessThan(500);
    const line = `network guard: connection to 10.255.255.1 port 80 refused: ${NETWORK_RULE}`;
    expect(error?.message).toBe(line);
    expect(takeViolations()).toEqual([line]);
  });

  it('fails fetch to a private address the same way', async () => {
    const error = (await fetch('http://192.168.1.1/').catch((e: unknown) => e)) as Error & { cause?: Error };
    expect(error.cause?.message).toMatch(/^network guard: connection to 192\.168\.1\.1 port 80 refused/);
    expect(takeViolations()).toHaveLength(1);
  });

  it('lets loopback through', async () => {
    const closed = await outcome(connect(1, '127.0.0.1'));
    expect((closed as NodeJS.ErrnoException | null)?.code).toBe('ECONNREFUSED');
    expect(takeViolations()).toEqual([]);
  });

  it('allows a declared namespace host only while it is declared', () => {
    expect(refusal('10.231.0.2')).toBe('10.231.0.2');
    const release = allowNamespaceHosts(['10.231.0.2']);
    const again = allowNamespaceHosts(['10.231.0.2']);
    expect(refusal('10.231.0.2')).toBeNull();
    expect(refusal('::ffff:10.231.0.2')).toBeNull();
    expect(refusal('10.231.0.6')).toBe('10.231.0.6');
    release();
    release();
    expect(refusal('10.231.0.2')).toBeNull();
    again();
    expect(refusal('10.231.0.2')).toBe('10.231.0.2');
  });

  it('wraps connect once', () => {
    expect(guardLayers()).toBe(1);
  });

  it('is set up for every jest project', () => {
    const projects = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        jest: { projects: { displayName: string; setupFilesAfterEnv?: string[] }[] };
      }
    ).jest.projects;
    // First, before any other setup file (the e2e and bench projects' retry-once comes after it).
    expect(projects.map((p) => [p.displayName, p.setupFilesAfterEnv?.[0]])).toEqual(
      projects.map((p) => [p.displayName, '<rootDir>/test/support/network-guard.setup.ts']),
    );
  });

  it(
    "fails a test that tries to leave the machine, also one that swallows the error, with the guard's line; " +
      'one guard per worker',
    () => {
      const unit = (
        JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
          jest: { projects: Record<string, unknown>[] };
        }
      ).jest.projects[0];
      const config = { ...unit, testMatch: ['<rootDir>/test/support/fixtures/*.guard-fixture.ts'], rootDir: ROOT };
      // One worker for both fixture files, as CI runs many files in one worker: the second must find one guard, not
      // two.
      const run = spawnSync(
        process.execPath,
        [require.resolve('jest/bin/jest'), '--config', JSON.stringify(config), '--ci', '--colors=false', '--runInBand'],
        { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/Tests:\s+2 failed, 2 passed, 4 total/);
      expect(run.stderr).toContain(`network guard: connection to 10.255.255.1 port 80 refused: ${NETWORK_RULE}`);
      expect(run.stderr).toContain(`network guard: connection to 192.168.1.1 port 80 refused: ${NETWORK_RULE}`);
    },
    70_000,
  );
});
