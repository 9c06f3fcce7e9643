// Where VmHWM cannot be reset (a container host that refuses writing 5 to /proc/<pid>/clear_refs), the probe keeps
// the processes' lifetime peaks and flags them; where it can, the peaks are the run's and unflagged. The refusal is
// played by the reset function alone: every other read is the real /proc's.
import { ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { ResourceProbe } from './resource-probe';

let mockResetRefused = false;
jest.mock('./proc-readers', () => {
  const actual = jest.requireActual('./proc-readers');
  return { ...actual, resetPeakRss: (pid: number | 'self') => !mockResetRefused && actual.resetPeakRss(pid) };
});

(process.platform === 'linux' ? describe : describe.skip)('ResourceProbe peaks where VmHWM cannot be reset', () => {
  let child: ChildProcess;
  let port: number;

  beforeAll(async () => {
    // A server that held 150 MB once, at its start, and answers each connection with next to nothing.
    const script = `
      let big = Buffer.alloc(150 * 1024 * 1024, 1); big = null; gc();
      const s = require('net').createServer((c) => c.end('ok'));
      s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;
    // Collected at once (--expose-gc), so the 150 MB leave its resident memory before any run.
    child = spawn(process.execPath, ['--expose-gc', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    port = await new Promise<number>((resolve) => child.stdout!.once('data', (d) => resolve(Number(String(d).trim()))));
  });
  afterAll(() => child?.kill());
  afterEach(() => {
    mockResetRefused = false;
  });

  const measure = async () => {
    const window = await new ResourceProbe({ from: 'proc' }).begin({
      server: 'json-server',
      address: `127.0.0.1:${port}`,
    });
    await new Promise<void>((resolve) =>
      connect(port, '127.0.0.1')
        .on('close', () => resolve())
        .resume(),
    );
    return window.end();
  };

  it('keeps the lifetime peaks, flagged, with notes that say what they are', async () => {
    mockResetRefused = true;
    const sample = await measure();
    expect(sample).toMatchObject({
      clientPeakIsLifetime: true,
      serverPeakIsLifetime: true,
      serverResourcesSource: 'proc',
    });
    // The server's 150 MB at start are in its lifetime peak, though this run never came near them.
    expect(sample.serverPeakRssBytes).toBeGreaterThan(150 * 1024 * 1024);
    expect(sample.clientPeakRssBytes).toBeGreaterThan(0);
    expect(sample.notes).toEqual([
      "client peak RSS: cannot reset VmHWM here, so the figure is the process's peak since it started (marked " +
        "lifetime), an upper bound of this run's",
      "server peak RSS: cannot reset VmHWM of the server process, so the figure is the process's peak since " +
        "it started (marked lifetime), an upper bound of this run's",
    ]);
  });

  it("gives the run's own peaks, unflagged, where the reset works", async () => {
    const sample = await measure();
    expect(sample).toMatchObject({ clientPeakIsLifetime: false, serverPeakIsLifetime: false });
    expect(sample.serverPeakRssBytes).toBeLessThan(150 * 1024 * 1024);
    expect(sample.notes).toEqual([]);
  });
});
