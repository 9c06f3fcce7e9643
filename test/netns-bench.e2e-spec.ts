// `npm run bench --hosts netns`: the servers on a second host (a network namespace over a veth pair), a client of
// the run's own here, profiles on that link, and nothing left behind. Needs root on Linux with iproute2 (and for a
// delay without netem, Toxiproxy); skipped with the reason otherwise.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { appEntry } from '@app/bootstrap';
import {
  detectNetem,
  leftoverNetworkObjects,
  loadNetworkProfiles,
  netnsUnsupportedReason,
  processPrefix,
} from '@app/network';
import { AppProcess, ROOT } from './support/app-process';
import { pidsWithEnv } from './support/processes';
import { portsEnv } from './support/stack';
import { toxiproxy } from './support/toxiproxy';

jest.setTimeout(120_000);

const BENCH = appEntry('bench-cli', 'main.js', ROOT);
const reason = netnsUnsupportedReason();
const suite = reason === null ? describe : describe.skip;

suite(`npm run bench --hosts netns${reason === null ? '' : ` (skipped: ${reason})`}`, () => {
  it(
    'measures both transports against servers in their own namespace, their resources self-reported, and ' +
      'removes it all',
    async () => {
      const out = mkdtempSync(join(tmpdir(), 'wirebench-netns-bench-'));
      try {
        // Ports of its own in case servers of this machine's namespace use the defaults; they are the namespace's.
        const env = await portsEnv();
        const bench = new AppProcess(
          process.execPath,
          [BENCH, '--hosts', 'netns', '--rows', '1000', '--runs', '2', '--warmup', '0', '--out', out],
          env,
        );
        const { code } = await bench.exited;
        expect(code).toBe(0);
        const dir = join(out, readdirSync(out)[0]);
        const rows: Record<string, string>[] = parse(readFileSync(join(dir, 'summary.csv'), 'utf8'), { columns: true });
        expect(rows.map((r) => r.variant)).toEqual(['json', 'grpc']);
        for (const r of rows) {
          expect(r.verified).toBe('true');
          // The servers' address on the link, not loopback; their CPU from their own report (their sockets are not
          // visible from this namespace's /proc).
          expect(r.target).toMatch(/at (http:\/\/)?10\.231\.\d+\.\d+:\d+/);
          expect(r.server_resources_source).toBe('server');
          expect(Number(r.server_cpu_ms)).toBeGreaterThan(0);
        }
        expect(JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')).options.hostsDescription).toMatch(
          /network namespace wb-\d+-\d+ .*veth MTU 1500/,
        );
        expect(leftoverNetworkObjects(processPrefix(bench.child.pid))).toEqual({ namespaces: [], links: [] });
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  );

  // wan on the veth: tbf holds 100 Mbit/s; the delay is netem's, or the client's Toxiproxy where the kernel has none.
  const linkReason =
    reason !== null
      ? reason
      : detectNetem().available || 'path' in toxiproxy
        ? null
        : `no netem in this kernel and ${toxiproxy.reason}`;
  const onLink = linkReason === null ? it : it.skip;
  onLink(
    `puts each profile on the veth, calibrated across it, and removes it ` +
      `all${linkReason === null ? '' : ` (skipped: ${linkReason})`}`,
    async () => {
      const out = mkdtempSync(join(tmpdir(), 'wirebench-netns-profiles-'));
      const mark = ['WB_NETNS_PROFILES_E2E', String(process.pid)] as const;
      try {
        const bench = new AppProcess(
          process.execPath,
          [
            BENCH,
            '--hosts',
            'netns',
            '--network',
            'loopback,wan',
            '--rows',
            '10000',
            '--runs',
            '2',
            '--warmup',
            '0',
            '--out',
            out,
          ],
          await portsEnv({ [mark[0]]: mark[1] }),
        );
        let stderr = '';
        bench.child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
        const { code } = await bench.exited;
        expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
        const netem = detectNetem().available;
        const latency = netem ? 'netem' : 'toxiproxy';
        // Said on stderr which mechanism carries what.
        expect(stderr).toContain(
          `wan on the veth: bandwidth tc tbf, latency ${netem ? 'netem' : 'Toxiproxy (no netem in this kernel)'}`,
        );

        const dir = join(out, readdirSync(out)[0]);
        const rows: Record<string, string>[] = parse(readFileSync(join(dir, 'summary.csv'), 'utf8'), { columns: true });
        expect(rows.map((r) => `${r.scenario} ${r.variant}`)).toEqual([
          'rows-10000@loopback json',
          'rows-10000@loopback grpc',
          'rows-10000@wan json',
          'rows-10000@wan grpc',
        ]);
        const wan = loadNetworkProfiles().wan;
        const nominalRtt = 2 * wan.latencyMs;
        for (const r of rows.filter((r) => r.network === 'wan')) {
          process.stderr.write(
            `netns wan ` +
              `(${latency}): net_rtt_ms ${r.net_rtt_ms} of ` +
              `${nominalRtt}, net_mbps ${r.net_mbps} of ` +
              `${wan.downMbit}, net_up_mbps ${r.net_up_mbps} of ${wan.upMbit}\n`,
          );
          expect(r.verified).toBe('true');
          expect(Math.abs(Number(r.net_rtt_ms) - nominalRtt)).toBeLessThanOrEqual(0.2 * nominalRtt);
          expect(Math.abs(Number(r.net_mbps) - wan.downMbit!)).toBeLessThanOrEqual(0.2 * wan.downMbit!);
          // Upload crosses the host end's tbf (client -> server), measured by the calibration server in the namespace.
          expect(Math.abs(Number(r.net_up_mbps) - wan.upMbit!)).toBeLessThanOrEqual(0.2 * wan.upMbit!);
          expect(r.net_nominal_up_mbps).toBe(String(wan.upMbit));
          expect(r.net_flagged).toBe('false');
          // The servers stay on the link address; the client dials a local proxy only when it adds the delay.
          expect(r.target).toMatch(
            netem
              ? /at (http:\/\/)?10\.231\.\d+\.\d+:\d+ through (http:\/\/)?10\.231\./
              : /at (http:\/\/)?10\.231\.\d+\.\d+:\d+ through (http:\/\/)?127\.0\.0\.1:/,
          );
        }
        // loopback on the veth is the plain link, measured across it: sub-millisecond, nothing compared.
        for (const r of rows.filter((r) => r.network === 'loopback')) {
          expect(Number(r.net_rtt_ms)).toBeLessThan(5);
          expect([r.net_nominal_rtt_ms, r.net_flagged]).toEqual(['', 'false']);
        }
        const median = (network: string, variant: string) =>
          Number(rows.find((r) => r.network === network && r.variant === variant)!.median_ms);
        expect(median('wan', 'json') - median('loopback', 'json')).toBeGreaterThanOrEqual(nominalRtt);

        const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));
        const shaping = `tc tbf + ${netem ? 'netem' : 'toxiproxy latency'}`;
        expect(result.options.linkShaping).toEqual({ loopback: 'none', wan: shaping });
        expect(result.scenarios.map((s: any) => s.network.shaping)).toEqual(['none', 'none', shaping, shaping]);
        // Namespace, veth (and with it tc's qdiscs), servers, calibration server, client and Toxiproxy: all gone.
        expect(leftoverNetworkObjects(processPrefix(bench.child.pid))).toEqual({ namespaces: [], links: [] });
        expect(pidsWithEnv(...mark)).toEqual([]);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
