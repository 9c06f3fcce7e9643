// The HTTP servers' accept queue is HTTP_LISTEN_BACKLOG, not Node's 511: under the article's 1,000 parallel requests on
// fresh connections 511 overflowed (706 listen overflows in one run here), and a handshake the kernel dropped came back
// to the bench as EPIPE, ending a whole preset. The kernel shows a listener's queue size as its Send-Q (`ss -ltn`).
import { spawnSync } from 'node:child_process';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(60_000);

const ss = spawnSync('ss', ['-V'], { encoding: 'utf8' });
const reason = ss.error ? 'no ss (iproute2) on PATH: npm test installs it in CI (.ci/run)' : null;
const suite = reason === null ? describe : describe.skip;

/** The accept queue size of the listener on 127.0.0.1:port, as the kernel reports it. */
function backlogOf(port: string): number {
  const line =
    spawnSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')[0] ?? '';
  return Number(line.split(/\s+/)[2]);
}

suite(`HTTP_LISTEN_BACKLOG${reason === null ? '' : ` (skipped: ${reason})`}`, () => {
  it(
    'sizes the accept queue of the JSON servers (Express, Fastify, h2c), the bare JSON and the bare Connect ' +
      'servers',
    async () => {
      const env = await portsEnv({ HTTP_LISTEN_BACKLOG: '1234', BARE_JSON_SERVER_PORT: String(await freePort()) });
      const apps = (
        ['json-server', 'json-fastify-server', 'json-h2-server', 'bare-json-server', 'bare-connect-server'] as const
      ).map((app) => AppProcess.start(app, env));
      try {
        await Promise.all(apps.map((a) => a.waitFor(LISTENING)));
        for (const port of [
          'JSON_SERVER_PORT',
          'FASTIFY_JSON_SERVER_PORT',
          'H2_JSON_SERVER_PORT',
          'BARE_JSON_SERVER_PORT',
          'BARE_CONNECT_SERVER_PORT',
          'BARE_CONNECT_H2_SERVER_PORT',
        ]) {
          expect([port, backlogOf(env[port])]).toEqual([port, 1234]);
        }
      } finally {
        await Promise.all(apps.map((a) => a.stop()));
      }
    },
  );
});
