import { createServer, Server } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ephemeralLow, freePort, portBlock } from './free-port';

describe("the tests' port allocator", () => {
  it('gives each jest worker its own block, below the ephemeral range', () => {
    const a = portBlock(1, 32_768);
    const b = portBlock(2, 32_768);
    expect(a).toEqual({ start: 10_000, end: 12_000 });
    expect(b).toEqual({ start: 12_000, end: 14_000 });
    for (let w = 1; w <= 40; w++) expect(portBlock(w, 32_768).end).toBeLessThanOrEqual(32_768);
    // A narrow gap below the ephemeral range still yields a block that stays out of it.
    expect(portBlock(3, 11_000)).toEqual({ start: 10_000, end: 11_000 });
  });

  it("reads the ephemeral range from the kernel's file, and falls back to 32768", () => {
    const dir = mkdtempSync(join(tmpdir(), 'wirebench-ports-'));
    try {
      writeFileSync(join(dir, 'range'), '40000\t60999\n');
      expect(ephemeralLow(join(dir, 'range'))).toBe(40_000);
      expect(ephemeralLow(join(dir, 'missing'))).toBe(32_768);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'never hands out the same port twice, nor one below 10000 or in the ephemeral range, and each is ' + 'bindable',
    async () => {
      const ports: number[] = [];
      for (let i = 0; i < 50; i++) ports.push(await freePort());
      expect(new Set(ports).size).toBe(50);
      for (const p of ports) {
        expect(p).toBeGreaterThanOrEqual(10_000);
        expect(p).toBeLessThan(ephemeralLow());
      }
      const server: Server = createServer();
      await new Promise<void>((resolve, reject) =>
        server.once('error', reject).listen(ports[0], '127.0.0.1', () => resolve()),
      );
      await new Promise((r) => server.close(r));
    },
  );

  it('skips a port something already listens on', async () => {
    const taken = await freePort();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(taken + 1, '127.0.0.1', () => resolve()));
    try {
      // The next pick would be taken + 1 (unless the block wrapped); it is busy, so a different one comes back.
      const next = await freePort();
      expect(next).not.toBe(taken + 1);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
