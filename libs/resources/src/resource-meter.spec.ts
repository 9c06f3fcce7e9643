import { BINARY_BLOB_BYTES, useBinaryBlobBytes } from '@app/shapes';
import { machineBootId } from './boot-id';
import { ResourceMeter } from './resource-meter';
import { resourcesRoute } from './resources-routes';

const linux = process.platform === 'linux';
const MB = 1024 * 1024;

function burn(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

describe('ResourceMeter', () => {
  (linux ? it : it.skip)("counts this process's CPU and its VmHWM peak over a window", () => {
    const meter = new ResourceMeter();
    const cpuBefore = process.cpuUsage();
    const { window } = meter.begin();
    burn(60);
    const held = Buffer.alloc(150 * MB, 1);
    const during = process.memoryUsage.rss();
    const report = meter.end(window)!;
    const cpuAround = process.cpuUsage(cpuBefore);
    expect(held.length).toBe(150 * MB);
    expect(report.cpuMs).toBeGreaterThanOrEqual(50);
    // The whole process's CPU, GC threads included (a full unit run left up to 1.4 s of theirs in this window): in
    // milliseconds, not more than Node's own count around the window, give or take /proc's 10 ms ticks.
    expect(report.cpuMs).toBeLessThanOrEqual((cpuAround.user + cpuAround.system) / 1000 + 20);
    expect(report.peakRssSource).toBe('vmhwm');
    expect(report.peakRssBytes).toBeGreaterThanOrEqual(during - MB);
    expect(report).toMatchObject({ overlapped: false, pid: process.pid, workers: 1 });
    // Which machine: a client under the same kernel counts this CPU as its run's own (resource-probe.ts).
    expect(report.bootId).toBe(machineBootId());
  });

  it('samples rss where VmHWM cannot be reset, and only while such a window is open', async () => {
    let rss = 100;
    const meter = new ResourceMeter({ resetPeak: () => false, readPeak: () => null, rss: () => rss, sampleMs: 1 });
    const { window } = meter.begin();
    rss = 500;
    await new Promise((r) => setTimeout(r, 20));
    rss = 200;
    const report = meter.end(window)!;
    expect(report).toMatchObject({ peakRssBytes: 500, peakRssSource: 'sampled' });
    expect((meter as unknown as { sampler?: unknown }).sampler).toBeUndefined();
  });

  it('does not reset the peak under an open window, and says a later window overlapped', () => {
    let resets = 0;
    const meter = new ResourceMeter({ resetPeak: () => (resets++, true), readPeak: () => 42 });
    const a = meter.begin().window;
    const b = meter.begin().window;
    expect(resets).toBe(1);
    expect(meter.end(b)).toMatchObject({ overlapped: true, peakRssBytes: 42 });
    expect(meter.end(a)).toMatchObject({ overlapped: false });
    expect(meter.end(a)).toBeNull();
  });

  it('drops the oldest windows a client never ended', () => {
    const meter = new ResourceMeter({ maxWindows: 2, resetPeak: () => true, readPeak: () => 1 });
    const first = meter.begin().window;
    meter.begin();
    meter.begin();
    expect(meter.snapshot().openWindows).toBe(2);
    expect(meter.end(first)).toBeNull();
  });

  it(
    'reports the settings its shapes are built with (BINARY_BLOB_BYTES), so a client set apart is refused ' +
      'before timing',
    () => {
      const meter = new ResourceMeter({ resetPeak: () => false, readPeak: () => null, rss: () => 1 });
      expect(meter.snapshot().shapeSettings).toEqual({ BINARY_BLOB_BYTES: 4096 });
      useBinaryBlobBytes(1024);
      try {
        expect(meter.snapshot().shapeSettings).toEqual({ BINARY_BLOB_BYTES: 1024 });
      } finally {
        useBinaryBlobBytes(BINARY_BLOB_BYTES);
      }
    },
  );
});

describe('resourcesRoute', () => {
  const meter = new ResourceMeter({ resetPeak: () => true, readPeak: () => 7 });

  it('begins with POST, ends with DELETE, and says 404 for a window that is not open', () => {
    const begun = resourcesRoute(meter, 'POST', '/admin/resources/windows')!;
    expect(begun.status).toBe(201);
    const { window } = begun.body as { window: string };
    expect(resourcesRoute(meter, 'DELETE', `/admin/resources/windows/${window}`)).toMatchObject({
      status: 200,
      body: { peakRssBytes: 7 },
    });
    expect(resourcesRoute(meter, 'DELETE', `/admin/resources/windows/${window}`)?.status).toBe(404);
    expect(resourcesRoute(meter, 'GET', '/admin/resources/')).toMatchObject({
      status: 200,
      body: { pid: process.pid },
    });
  });

  it('answers a malformed percent-escape in the window with a 400 naming it, not a thrown URIError', () => {
    expect(resourcesRoute(meter, 'DELETE', '/admin/resources/windows/%E0%A4%A')).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        parameter: 'window',
        message: 'window "%E0%A4%A" has a malformed percent-escape',
      },
    });
  });

  it('leaves other paths and methods to the caller', () => {
    expect(resourcesRoute(meter, 'GET', '/samples/3')).toBeNull();
    expect(resourcesRoute(meter, 'GET', '/admin/resources/windows')).toBeNull();
  });
});
