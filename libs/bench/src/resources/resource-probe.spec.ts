import { ChildProcess, spawn } from 'node:child_process';
import { AddressInfo, connect, createServer } from 'node:net';
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
