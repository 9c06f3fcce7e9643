// Network profiles through the client app and the bench CLI: ?network= shapes each server's path through Toxiproxy,
// calibrates it first and records it in every result; a bad name is a 400 (exit 2) listing the profiles.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { getJson, startStack, Stack } from './support/stack';
import { describeWithToxiproxy } from './support/toxiproxy';

jest.setTimeout(180_000);

const BENCH = appEntry('bench-cli', 'main.js', ROOT);
const LOAD = appEntry('bench-cli', 'load-main.js', ROOT);

describeWithToxiproxy('network profiles through the client', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { jsonVariants: true });
  });
  afterAll(() => stack?.stop());

  it(
    'wan: each path shaped and calibrated, recorded in the results, slower than loopback by at least its ' +
      'round trip',
    async () => {
      // Side by side in one test: the same 10,000 rows with nothing applied and under wan (40 ms round trip, 100
      // Mbit/s).
      const plain = await getJson(`${stack.clientUrl}/client/compare?rows=10000&runs=3&warmup=1`);
      const wan = await getJson(`${stack.clientUrl}/client/compare?rows=10000&runs=3&warmup=1&network=wan`);
      expect(plain.status).toBe(200);
      expect(wan.status).toBe(200);
      for (const side of ['json', 'grpc'] as const) {
        const r = wan.body[side];
        expect(r.verified).toBe(true);
        expect(r.network).toMatchObject({
          profile: 'wan',
          shaping: 'toxiproxy',
          nominalRttMs: 40,
          nominalMbps: 100,
          flagged: false,
        });
        expect(r.network.rttMs).toBeGreaterThan(32);
        expect(r.network.rttMs).toBeLessThan(48);
        expect(r.network.mbps).toBeGreaterThan(80);
        expect(r.network.mbps).toBeLessThan(120);
        // The client dialled the proxy; the server's own address is kept for its resources.
        expect(r.target.serverAddress).toBe(plain.body[side].target.address);
        expect(r.target.address).not.toBe(r.target.serverAddress);
        expect(r.stats.medianMs - plain.body[side].stats.medianMs).toBeGreaterThan(40);
        expect(plain.body[side].network).toBeUndefined();
      }
    },
  );

  it(
    'wan: a 64 KiB HTTP/2 window caps gRPC near window / RTT; grpc-window (4 MiB) lifts it, side by side in ' +
      'one run',
    async () => {
      const { status, body } = await getJson(
        `${stack.clientUrl}/client/compare?variants=grpc,grpc-window&rows=10000&runs=3&warmup=1&network=wan`,
      );
      expect(status).toBe(200);
      const [grpc, wide] = body.results;
      expect([grpc.target.http2WindowBytes, wide.target.http2WindowBytes]).toEqual([65_535, 4 * 1024 * 1024]);
      expect(body.versus[0]).toMatchObject({ variant: 'grpc-window', against: 'grpc', factor: 'flow control' });
      // 10,000 rows are ~1.5 MB of protobuf: 64 KiB per 40 ms round trip is over a second, the 100 Mbit/s link ~0.15 s.
      expect(wide.stats.medianMs).toBeLessThan(grpc.stats.medianMs * 0.6);
    },
  );

  it(
    "wan: the same for JSON over HTTP/2: json-h2-window (4 MiB) takes well under json-h2's time, side by side " +
      'in one run',
    async () => {
      const { status, body } = await getJson(
        `${stack.clientUrl}/client/compare?variants=json-h2,json-h2-window&rows=10000&runs=3&warmup=1&network=wan`,
      );
      expect(status).toBe(200);
      const [h2, wide] = body.results;
      for (const r of body.results)
        expect(r).toMatchObject({ verified: true, network: { profile: 'wan', flagged: false } });
      expect([h2.target.http2WindowBytes, wide.target.http2WindowBytes]).toEqual([65_535, 4 * 1024 * 1024]);
      expect(body.versus[0]).toMatchObject({ variant: 'json-h2-window', against: 'json-h2', factor: 'flow control' });
      // 10,000 rows are ~2.5 MB of JSON: 64 KiB per 40 ms round trip is over 1.5 s, the 100 Mbit/s link ~0.25 s.
      expect(wide.stats.medianMs).toBeLessThan(h2.stats.medianMs * 0.6);
    },
  );

  it.each([
    ['moon', /no profile named "moon"; the profiles are loopback, lan, region, wan, mobile/],
    ['wan,lan', /one profile per call/],
  ])('network=%s -> 400 naming the profiles', async (value, message) => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/json/single/10?network=${value}`);
    expect(status).toBe(400);
    expect(body.parameter).toBe('network');
    expect(body.limit.values).toEqual(['loopback', 'lan', 'region', 'wan', 'mobile']);
    expect(body.message).toMatch(message);
  });

  it(
    'npm run bench --network loopback,region: every case under each, the network columns filled, the verdict ' +
      'table in summary.md',
    async () => {
      const out = mkdtempSync(join(tmpdir(), 'wirebench-network-'));
      try {
        const bench = new AppProcess(
          process.execPath,
          [BENCH, '--rows', '1000', '--runs', '2', '--warmup', '0', '--network', 'loopback,region', '--out', out],
          stack.env,
        );
        const { code } = await bench.exited;
        expect(code).toBe(0);
        const dir = join(out, readdirSync(out)[0]);
        const rows: Record<string, string>[] = parse(readFileSync(join(dir, 'summary.csv'), 'utf8'), { columns: true });
        expect(rows.map((r) => [r.scenario, r.variant, r.network])).toEqual([
          ['rows-1000@loopback', 'json', 'loopback'],
          ['rows-1000@loopback', 'grpc', 'loopback'],
          ['rows-1000@region', 'json', 'region'],
          ['rows-1000@region', 'grpc', 'region'],
        ]);
        const region = rows.find((r) => r.network === 'region')!;
        expect(Number(region.net_rtt_ms)).toBeGreaterThan(9);
        expect(region.net_nominal_rtt_ms).toBe('10');
        expect(region.net_nominal_mbps).toBe('1000');
        expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(
          /## Under network conditions[\s\S]*rows-1000 \(1,000 rows\) \| grpc vs json \| region/,
        );
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  );

  it(
    'npm run load --network wan: the load goes through the proxy, the path is calibrated, levels.csv says ' + 'so',
    async () => {
      const out = mkdtempSync(join(tmpdir(), 'wirebench-network-load-'));
      try {
        const load = new AppProcess(
          process.execPath,
          [LOAD, '--concurrency', '4', '--duration', '2', '--warmup', '1', '--network', 'wan', '--out', out],
          stack.env,
        );
        const { code } = await load.exited;
        expect(code).toBe(0);
        const dir = join(out, readdirSync(out)[0]);
        const levels: Record<string, string>[] = parse(readFileSync(join(dir, 'levels.csv'), 'utf8'), {
          columns: true,
        });
        expect(levels.map((l) => [l.name ?? '', l.transport, l.network])).toEqual([
          [expect.any(String), 'json', 'wan'],
          [expect.any(String), 'grpc', 'wan'],
        ]);
        for (const l of levels) {
          expect(Number(l.net_rtt_ms)).toBeGreaterThan(32);
          expect(Number(l.successes)).toBeGreaterThan(0);
          // Every request crossed the 40 ms round trip.
          expect(Number(l.latency_p50_ms)).toBeGreaterThan(40);
          expect(l.address).toMatch(/127\.0\.0\.1:(\d+)/);
          expect(l.notes).toMatch(/sent through the wan proxy/);
        }
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  );

  it('npm run bench --network with an unknown profile exits 2 listing them', async () => {
    const bench = new AppProcess(process.execPath, [BENCH, '--network', 'moon'], stack.env);
    let stderr = '';
    bench.child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const { code } = await bench.exited;
    expect(code).toBe(2);
    expect(stderr).toMatch(/no profile named "moon"; the profiles are loopback, lan, region, wan, mobile/);
  });
});
