import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeRuntime } from './probe-runtime';

describe('probeRuntime', () => {
  let dir: string;
  const script = (name: string, body: string, mode = 0o755) => {
    const path = join(dir, name);
    writeFileSync(path, body);
    chmodSync(path, mode);
    return path;
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wirebench-runtimes-probe-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads this process's node: its version without the v, and its V8", async () => {
    await expect(probeRuntime('current', process.execPath)).resolves.toEqual({
      nodeVersion: process.versions.node,
      v8Version: process.versions.v8,
    });
  });

  it.each([
    ['a missing binary', () => join(dir, 'absent'), 'does not exist'],
    ['a file that is not executable', () => script('plain', '#!/bin/sh\necho hi\n', 0o644), 'is not executable'],
    [
      'a binary that exits non-zero',
      () => script('failing', '#!/bin/sh\necho "boom: cannot start" >&2\nexit 3\n'),
      'exits with code 3: boom: cannot start',
    ],
    [
      'a program that is not a node',
      () => script('other', '#!/bin/sh\necho hello\n'),
      "does not answer as a node binary (printed 'hello')",
    ],
  ])('refuses %s in one line', async (_what, make, problem) => {
    const path = make();
    await expect(probeRuntime('x', path)).rejects.toThrow(new Error(`node runtime x: ${path} ${problem}`));
  });

  it('gives up on a binary that hangs', async () => {
    const path = script('hangs', '#!/bin/sh\nexec sleep 30\n');
    await expect(probeRuntime('x', path, 300)).rejects.toThrow(`node runtime x: ${path} did not answer within 0.3 s`);
  });
});
