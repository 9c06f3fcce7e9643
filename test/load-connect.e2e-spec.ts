// Load mode on Connect, end to end: the built CLI starts the Nest apps (Express for the Connect protocol, h2c for
// gRPC) and the bare Connect server on free ports, loads each target's transports, and every reply is checked.
// Shapes and counts only; no assertion on rates.
import { spawnSync } from 'node:child_process';
import { appEntry } from '@app/bootstrap';
import { ROOT } from './support/app-process';
import { loadIntoFolder } from './support/load-run';
import { portsEnv } from './support/stack';

jest.setTimeout(180_000);

const LOAD = appEntry('bench-cli', 'load-main.js', ROOT);

describe('npm run load --target connect,connect-bare', () => {
  it(
    'loads the Connect protocol and gRPC on the Nest apps and the bare Connect server: every level verified, ' +
      '0 errors',
    async () => {
      const env = await portsEnv();
      const run = await loadIntoFolder(
        ['--target', 'connect,connect-bare', '--concurrency', '5', '--duration', '1', '--warmup', '0'],
        env,
        'wirebench-load-connect-',
      );
      expect(run.output).not.toMatch(/failed/);
      expect(run.code).toBe(0);
      // Each target's transports in --transport's order (json, grpc, connect); the connect targets serve no plain JSON.
      expect(run.levels.map((l) => [l.transport, l.target_kind, l.variant])).toEqual([
        ['grpc', 'connect', 'connect-grpc'],
        ['connect', 'connect', 'connect-proto'],
        ['grpc', 'connect-bare', ''],
        ['connect', 'connect-bare', 'connect-bare'],
      ]);
      for (const level of run.levels) {
        expect(level).toMatchObject({
          verified: 'true',
          errors: '0',
          connections: level.transport === 'grpc' ? '1' : '5',
        });
        expect(Number(level.requests)).toBeGreaterThan(0);
        // The server's CPU, read from the Connect server's own process over the window.
        expect(Number(level.server_cpu_ms)).toBeGreaterThan(0);
        expect(level.server_node_version).toBe(process.versions.node);
      }
      expect(run.result!.levels.map((l) => l.target.address)).toEqual([
        `http://127.0.0.1:${env.H2_JSON_SERVER_PORT}`,
        `http://127.0.0.1:${env.JSON_SERVER_PORT}`,
        `http://127.0.0.1:${env.BARE_CONNECT_H2_SERVER_PORT}`,
        `http://127.0.0.1:${env.BARE_CONNECT_SERVER_PORT}`,
      ]);
    },
  );

  it('--variants connect-proto,connect-grpc with a shape: the shape service GetRows, verified', async () => {
    const env = await portsEnv();
    const run = await loadIntoFolder(
      [
        '--variants',
        'connect-proto,connect-grpc',
        '--shapes',
        'numeric',
        '--rows',
        '20',
        '--concurrency',
        '4',
        '--connections',
        '2',
        '--duration',
        '1',
        '--warmup',
        '0',
      ],
      env,
      'wirebench-load-connect-',
    );
    expect(run.code).toBe(0);
    expect(run.levels.map((l) => [l.variant, l.shape, l.verified, l.errors])).toEqual([
      ['connect-proto', 'numeric', 'true', '0'],
      ['connect-grpc', 'numeric', 'true', '0'],
    ]);
  });

  it('a transport a Connect target does not serve exits 2 naming what it serves', () => {
    const bad = spawnSync(process.execPath, [LOAD, '--transport', 'json', '--target', 'connect'], {
      env: { ...process.env },
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--target connect serves none of --transport json/);
  });
});
