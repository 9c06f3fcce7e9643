import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findToxiproxy, TOXIPROXY_INSTALL_HINT } from './find-toxiproxy';

describe('findToxiproxy', () => {
  it('a TOXIPROXY_BIN that does not exist is the reason, with how to install', () => {
    expect(findToxiproxy({ TOXIPROXY_BIN: '/nonexistent' })).toEqual({
      reason: `TOXIPROXY_BIN=/nonexistent is not an executable file; ${TOXIPROXY_INSTALL_HINT}`,
    });
  });

  it('a TOXIPROXY_BIN that is some other program is refused: its --version must say Toxiproxy', () => {
    const found = findToxiproxy({ TOXIPROXY_BIN: process.execPath });
    expect(found).toEqual({ reason: expect.stringContaining(`TOXIPROXY_BIN=${process.execPath} is not Toxiproxy`) });
  });

  it('a TOXIPROXY_BIN that is a folder is not taken for a program', () => {
    expect(findToxiproxy({ TOXIPROXY_BIN: tmpdir() })).toEqual({
      reason: expect.stringContaining('is not an executable file'),
    });
  });

  it("with nothing on PATH nor in Go's bin folder, says where it looked and how to install", () => {
    // GOPATH given, so Go is not asked (it would write its telemetry under HOME).
    const found = findToxiproxy({
      PATH: join(tmpdir(), 'wb-no-such-dir'),
      GOPATH: join(tmpdir(), 'wb-no-such-gopath'),
    });
    expect(found).toEqual({
      reason: expect.stringMatching(
        new RegExp(
          String.raw`^Toxiproxy not found \(TOXIPROXY_BIN, toxiproxy-server on PATH, server in Go's ` +
            String.raw`bin folder\); install Toxiproxy with "npm run setup:toxiproxy"`,
        ),
      ),
    });
  });

  it("takes a `server` in Go's bin folder only when its --version says Toxiproxy: the name is generic", () => {
    const gobin = mkdtempSync(join(tmpdir(), 'wb-gobin-'));
    try {
      const server = join(gobin, 'server');
      writeFileSync(server, '#!/bin/sh\necho "some other server 1.0"\n', { mode: 0o755 });
      expect(findToxiproxy({ PATH: '', GOBIN: gobin })).toEqual({
        reason: expect.stringContaining('Toxiproxy not found'),
      });
      writeFileSync(server, '#!/bin/sh\necho "toxiproxy-server version 2.12.0"\n', { mode: 0o755 });
      expect(findToxiproxy({ PATH: '', GOBIN: gobin })).toEqual({ path: server });
    } finally {
      rmSync(gobin, { recursive: true, force: true });
    }
  });

  it('the hint names every way to get it in one line', () => {
    expect(TOXIPROXY_INSTALL_HINT).not.toContain('\n');
    for (const way of [
      'npm run setup:toxiproxy',
      'go install github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0',
      'releases',
      'brew install toxiproxy',
      'TOXIPROXY_BIN',
    ])
      expect(TOXIPROXY_INSTALL_HINT).toContain(way);
  });
});
