import { ChildProcess, spawn } from 'node:child_process';
import { AddressInfo, connect, createServer } from 'node:net';
import { machineBootId } from '@app/resources';
import { pidsListeningOn } from './listening-pids';
import { ResourceProbe } from './resource-probe';
import { shapingProxyProcesses } from './server-processes';

const linux = process.platform === 'linux';
const target = (address: string, server: 'json-server' | 'grpc-server' = 'grpc-server') => ({ server, address });

(linux ? describe : describe.skip)('ResourceProbe (Linux /proc)', () => {
  let child: ChildProcess;
  let port: number;

  beforeAll(async () => {
    // A real server process that burns ~100 ms of CPU and allocates ~200 MB for each connection.
    const script = `
      const net = require('net');
      const s = net.createServer((c) => {
        const end = Date.now() + 100; while (Date.now() < end);
        const keep = Buffer.alloc(200 * 1024 * 1024, 1);
        c.end(String(keep.length));
      });
      s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;
    child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    port = await new Promise<number>((resolve) => child.stdout!.once('data', (d) => resolve(Number(String(d).trim()))));
  });
  afterAll(() => child?.kill());

  it('finds the process listening on a port', () => {
    expect(pidsListeningOn(port)).toEqual([child.pid]);
  });

  it("measures the server's CPU and peak RSS during a run, and the client's", async () => {
    const probe = new ResourceProbe();
    const session = await probe.begin(target(`127.0.0.1:${port}`));
    await new Promise<void>((resolve) =>
      connect(port, '127.0.0.1')
        .on('close', () => resolve())
        .resume(),
    );
    const sample = await session.end();
    expect(sample.notes).toEqual([]);
    expect(sample.serverResourcesSource).toBe('proc');
    expect(sample.serverCpuMs).toBeGreaterThan(80);
    expect(sample.serverPeakRssBytes).toBeGreaterThan(200 * 1024 * 1024);
    expect(sample.clientCpuMs).toBeGreaterThanOrEqual(0);
    expect(sample.clientPeakRssBytes).toBeGreaterThan(0);
  });

  it("finds a shaping proxy's process by the address the client dials, only when a server sits behind it", () => {
    const server = `127.0.0.1:${port}`;
    // The child stands in for Toxiproxy here: whoever listens on the dialled address is the proxy.
    expect(shapingProxyProcesses({ server: 'grpc-server', address: server, serverAddress: '127.0.0.1:1' })).toEqual([
      child.pid,
    ]);
    expect(shapingProxyProcesses({ server: 'grpc-server', address: server })).toEqual([]);
    expect(shapingProxyProcesses({ server: 'grpc-server', address: server, serverAddress: server })).toEqual([]);
    expect(
      shapingProxyProcesses({ server: 'json-server', address: 'http://192.0.2.10:3001', serverAddress: server }),
    ).toEqual([]);
  });

  it(
    'leaves server figures empty, and says why, for a server on another host or a port nobody listens ' + 'on',
    async () => {
      // from: 'proc' so that nothing asks the other host for its report: tests reach only this machine.
      const remote = await (
        await new ResourceProbe({ from: 'proc' }).begin(target('http://192.0.2.10:3001', 'json-server'))
      ).end();
      expect(remote.serverCpuMs).toBeNull();
      expect(remote.serverPeakRssBytes).toBeNull();
      expect(remote.notes.join()).toMatch(/another host: its CPU and memory cannot be read from here/);
      expect(remote.serverResourcesSource).toBeNull();

      const idle = createServer();
      await new Promise<void>((r) => idle.listen(0, '127.0.0.1', r));
      const freePort = (idle.address() as AddressInfo).port;
      await new Promise((r) => idle.close(r));
      const nobody = await (await new ResourceProbe().begin(target(`127.0.0.1:${freePort}`))).end();
      expect(nobody.serverCpuMs).toBeNull();
      // Nothing to read in /proc, so the server is asked for its own report, which nobody gives either.
      expect(nobody.notes.join()).toMatch(/no process.*no report of its own either/);
    },
  );
});

(linux ? describe : describe.skip)("ResourceProbe: a server's own report, and whose CPU it is", () => {
  // A server's admin routes, as a separate process: GET /burn (the run) burns ~300 ms of its CPU, and its report says
  // it used 10 minutes (more than any machine spends in the window) on the machine whose boot ID it gives.
  const script = `
    const http = require('http');
    const [bootId] = process.argv.slice(1);
    const s = http.createServer((req, res) => {
      if (req.method === 'POST') return res.end(JSON.stringify({ window: '1' }));
      if (req.method === 'GET') {
        const end = Date.now() + 300; while (Date.now() < end);
        return res.end();
      }
      res.end(JSON.stringify({ cpuMs: 600000, peakRssBytes: 1, peakRssSource: 'vmhwm', overlapped: false,
        pid: process.pid, workers: 1, bootId }));
    });
    s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;

  async function sampleFrom(bootId: string) {
    const child = spawn(process.execPath, ['-e', script, bootId], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const port = await new Promise<number>((resolve) =>
        child.stdout!.once('data', (d) => resolve(Number(String(d).trim()))),
      );
      // from: 'server', so the probe asks the server rather than reading the same process from /proc.
      const probe = new ResourceProbe({ from: 'server' });
      const window = await probe.begin(target(`http://127.0.0.1:${port}`, 'json-server'));
      await fetch(`http://127.0.0.1:${port}/burn`);
      return await window.end();
    } finally {
      child.kill();
    }
  }

  it("counts a server on this machine (its boot ID this kernel's) as the run's own CPU, not as noise", async () => {
    const sample = await sampleFrom(machineBootId()!);
    expect(sample.serverResourcesSource).toBe('server');
    expect(sample.serverCpuMs).toBe(600000);
    expect(sample.serverOnThisMachine).toBe(true);
    expect(sample.foreignCpuCores).toBe(0);
  });

  it("leaves a server on another machine out of the run's own CPU: what burned here is foreign", async () => {
    const sample = await sampleFrom('0f0f0f0f-another-machine');
    expect(sample.serverCpuMs).toBe(600000);
    expect(sample.serverOnThisMachine).toBe(false);
    // The 300 ms the server process burned ran on this machine, not in the run's processes.
    expect(sample.foreignCpuCores).toBeGreaterThan(0);
  });
});
