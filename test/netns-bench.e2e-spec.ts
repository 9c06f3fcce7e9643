// `npm run bench --hosts netns`: the servers on a second host (a network namespace over a veth pair), a client of
// the run's own here, and nothing left behind. Needs root on Linux with iproute2; skipped with the reason otherwise.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { appEntry } from '@app/bootstrap';
import { leftoverNetworkObjects, netnsUnsupportedReason, processPrefix } from '@app/network';
import { AppProcess, ROOT } from './support/app-process';
import { portsEnv } from './support/stack';

jest.setTimeout(120_000);

const BENCH = appEntry('bench-cli', 'main.js', ROOT);
const reason = netnsUnsupportedReason();
const suite = reason === null ? describe : describe.skip;

suite(`npm run bench --hosts netns${reason === null ? '' : ` (skipped: ${reason})`}`, () => {
  it('measures both transports against servers in their own namespace, their resources self-reported, and removes it all', async () => {
    const out = mkdtempSync(join(tmpdir(), 'wirebench-netns-bench-'));
    try {
      // Ports of its own in case servers of this machine's namespace use the defaults; they are the namespace's.
      const env = await portsEnv();
      const bench = new AppProcess(process.execPath, [BENCH, '--hosts', 'netns', '--rows', '1000', '--runs', '2', '--warmup', '0', '--out', out], env);
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
      expect(JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')).options.hostsDescription).toMatch(/network namespace wb-\d+-\d+ .*veth MTU 1500/);
      expect(leftoverNetworkObjects(processPrefix(bench.child.pid))).toEqual({ namespaces: [], links: [] });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('refuses a shaped profile on the link (not built) with exit 2', async () => {
    const bench = new AppProcess(process.execPath, [BENCH, '--hosts', 'netns', '--network', 'wan'], await portsEnv());
    let stderr = '';
    bench.child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    expect((await bench.exited).code).toBe(2);
    expect(stderr).toMatch(/--hosts netns .*profiles on that link \(wan\) are not built yet/);
  });
});
