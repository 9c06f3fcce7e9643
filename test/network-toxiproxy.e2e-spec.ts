// The shaping engine for real: a toxiproxy-server started by wirebench, each profile's path calibrated through it,
// a real JSON server behind a shaped path, and no Toxiproxy left behind.
import { spawn } from 'node:child_process';
import {
  calibratePath,
  CALIBRATION_TOLERANCE,
  findToxiproxy,
  loadNetworkProfiles,
  NetworkProfile,
  PathCalibration,
  ShapedPath,
  ToxiproxyServer,
} from '@app/network';
import { AppProcess, ROOT } from './support/app-process';
import { LISTENING, portsEnv } from './support/stack';
import { describeWithToxiproxy, toxiproxyPath } from './support/toxiproxy';

const profiles = loadNetworkProfiles({});

/**
 * The profiles whose nominal figures Toxiproxy reaches within 20% on this kind of machine (2 cores, a userspace
 * proxy). The others are not faked: `lan` asks for 0.25 ms one way, below the latency toxic's whole milliseconds,
 * and 1 Gbit/s, which the bandwidth toxic paces to about 750-800 Mbit/s here; `region`'s 10 ms round trip came
 * out 10.8-13.4 ms (Go's timers overshoot each direction, more under load) and its 1 Gbit/s 780-890 Mbit/s. For
 * those the test holds the tool to what it guarantees: shaping applied, and the result flagged exactly when off.
 */
const REACHED_HERE = new Set(['loopback', 'wan', 'mobile']);

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function untilGone(pid: number, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    if (!isRunning(pid)) return true;
  }
  return !isRunning(pid);
}

const off = (measured: number, nominal: number | null) =>
  nominal === null ? 0 : Math.abs(measured - nominal) / nominal;

describe('Toxiproxy missing', () => {
  it('TOXIPROXY_BIN=/nonexistent is one clear line saying how to install it', () => {
    const found = findToxiproxy({ ...process.env, TOXIPROXY_BIN: '/nonexistent' });
    expect('reason' in found && found.reason).toMatch(
      /^TOXIPROXY_BIN=\/nonexistent is not an executable file; install Toxiproxy with "npm run setup:toxiproxy"/,
    );
    expect('reason' in found && found.reason).not.toContain('\n');
  });
});

describeWithToxiproxy('network shaping through Toxiproxy', () => {
  let server: ToxiproxyServer;

  beforeAll(async () => {
    server = await ToxiproxyServer.start(toxiproxyPath());
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
  });

  describe('calibration, for each profile in network-profiles.json', () => {
    it.each(Object.values(profiles).map((p) => [p.name, p] as [string, NetworkProfile]))(
      '%s',
      async (name, profile) => {
        const c: PathCalibration = await calibratePath(profile, server);
        process.stdout.write(
          `calibration ${name}: RTT ` +
            `${c.rttMs.toFixed(3)} ms (nominal ` +
            `${c.nominalRttMs ?? '-'}), ${c.mbps.toFixed(1)} Mbit/s down (nominal ${c.nominalMbps ?? '-'}), ` +
            `${c.upMbps.toFixed(1)} up (nominal ` +
            `${c.nominalUpMbps ?? '-'})${c.flagged ? ' FLAGGED' : ''}${c.notes.map((n) => `\n  ${n}`).join('')}\n`,
        );

        // The result tells the truth: flagged exactly when a figure is more than 20% off its nominal value.
        const misses = [off(c.rttMs, c.nominalRttMs), off(c.mbps, c.nominalMbps), off(c.upMbps, c.nominalUpMbps)];
        expect(c.flagged).toBe(misses.some((m) => m > CALIBRATION_TOLERANCE));
        // Shaping is applied: never faster than the cap, never quicker than the whole-ms delay Toxiproxy was given.
        if (profile.downMbit !== null)
          expect(c.mbps).toBeLessThanOrEqual(profile.downMbit * (1 + CALIBRATION_TOLERANCE));
        if (profile.upMbit !== null) expect(c.upMbps).toBeLessThanOrEqual(profile.upMbit * (1 + CALIBRATION_TOLERANCE));
        const appliedOneWay = Math.round(profile.latencyMs) - Math.round(profile.jitterMs);
        if (appliedOneWay > 0) expect(c.rttMs).toBeGreaterThanOrEqual(2 * appliedOneWay);

        if (REACHED_HERE.has(name)) {
          expect(off(c.rttMs, c.nominalRttMs)).toBeLessThanOrEqual(CALIBRATION_TOLERANCE);
          expect(off(c.mbps, c.nominalMbps)).toBeLessThanOrEqual(CALIBRATION_TOLERANCE);
          expect(off(c.upMbps, c.nominalUpMbps)).toBeLessThanOrEqual(CALIBRATION_TOLERANCE);
          expect(c.flagged).toBe(false);
        }
        if (name === 'lan') {
          // 0.25 ms one way cannot be applied at all: flagged, and the note says why.
          expect(c.flagged).toBe(true);
          expect(c.notes).toContain(
            "latencyMs 0.25 applied as 0 ms each way: Toxiproxy's latency toxic takes whole milliseconds",
          );
        }
      },
      30_000,
    );
  });

  describe('a real JSON server behind a wan path', () => {
    let json: AppProcess;
    let path: ShapedPath;
    let port: number;

    beforeAll(async () => {
      const env = await portsEnv({ MAX_ROWS: '10000' });
      port = Number(env.JSON_SERVER_PORT);
      json = AppProcess.start('json-server', env);
      await json.waitFor(LISTENING);
      path = await ShapedPath.open(server, 'json-server', { host: '127.0.0.1', port }, profiles.wan);
    }, 30_000);

    afterAll(async () => {
      await path?.close();
      await json?.stop();
    });

    const timedFetch = async (url: string): Promise<{ ms: number; bytes: number; rows: number }> => {
      const start = performance.now();
      // identity: the bytes on the wire are the JSON itself, so the bandwidth cap sees all 10,000 rows.
      const body = await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text();
      return {
        ms: performance.now() - start,
        bytes: Buffer.byteLength(body),
        rows: (JSON.parse(body) as { samples: unknown[] }).samples.length,
      };
    };

    it("10,000 rows take at least the profile's round trip longer than direct", async () => {
      const direct = `http://127.0.0.1:${port}/samples/10000`;
      const shaped = `http://${path.host}:${path.port}/samples/10000`;
      await timedFetch(direct); // warm the server, so both timings see the same handler
      // The quickest of five each, the two paths taking turns: the server's own time varies (GC, JIT) by more than a
      // round trip, and a burst of other work on the machine (CI once had every direct run slower) hits both alike.
      const runs: { direct: Awaited<ReturnType<typeof timedFetch>>[]; shaped: typeof runs.direct } = {
        direct: [],
        shaped: [],
      };
      for (let i = 0; i < 5; i++) {
        runs.direct.push(await timedFetch(direct));
        runs.shaped.push(await timedFetch(shaped));
      }
      const fastest = (list: typeof runs.direct) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
      const d = fastest(runs.direct);
      const s = fastest(runs.shaped);
      process.stdout.write(
        `10,000 rows (${s.bytes} bytes): direct ${d.ms.toFixed(1)} ms, through wan ${s.ms.toFixed(1)} ms\n`,
      );
      expect([d.rows, s.rows]).toEqual([10_000, 10_000]);
      expect(s.ms - d.ms).toBeGreaterThanOrEqual(2 * profiles.wan.latencyMs);
    }, 30_000);
  });

  describe('no Toxiproxy left behind', () => {
    it('the process is gone once stop() resolves', async () => {
      const own = await ToxiproxyServer.start(toxiproxyPath());
      const pid = own.pid!;
      expect(isRunning(pid)).toBe(true);
      await own.stop();
      expect(own.running).toBe(false);
      expect(isRunning(pid)).toBe(false);
    }, 20_000);

    it('it dies with a parent killed by SIGKILL, where no exit handler runs', async () => {
      const script =
        `require('./libs/network/src/toxiproxy/toxiproxy-server').ToxiproxyServer.start(` +
        `${JSON.stringify(toxiproxyPath())}).then((s) => console.log('pid ' + s.pid))`;
      const parent = spawn(
        process.execPath,
        ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', '-e', script],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const pid = await new Promise<number>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no pid from the parent within 20 s: ${out}`)), 20_000);
        parent.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          const match = /pid (\d+)/.exec(out);
          if (match) {
            clearTimeout(timer);
            resolve(Number(match[1]));
          }
        });
      });
      try {
        expect(isRunning(pid)).toBe(true);
        parent.kill('SIGKILL');
        expect(await untilGone(pid, 5000)).toBe(true);
      } finally {
        parent.kill('SIGKILL');
        if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      }
    }, 30_000);
  });
});
