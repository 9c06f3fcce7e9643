import { execFileSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The one line a user without Toxiproxy reads: every way to get it, and how to point wirebench at it. */
export const TOXIPROXY_INSTALL_HINT =
  'install Toxiproxy with "npm run setup:toxiproxy" (needs Go), or "go install ' +
  'github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0", ' +
  'or a release binary from https://github.com/Shopify/toxiproxy/releases or "brew install toxiproxy"; or set ' +
  'TOXIPROXY_BIN to its path';

/**
 * Toxiproxy's server binary: TOXIPROXY_BIN (which must be it), else `toxiproxy-server` on PATH (release binaries,
 * brew), else `server` in Go's bin folder (what `go install .../cmd/server` and `npm run setup:toxiproxy` produce).
 * "server" is a generic name, so every candidate must say it is Toxiproxy in its --version output.
 */
export function findToxiproxy(env: NodeJS.ProcessEnv = process.env): { path: string } | { reason: string } {
  if (env.TOXIPROXY_BIN) {
    const given = env.TOXIPROXY_BIN;
    if (!isExecutable(given))
      return { reason: `TOXIPROXY_BIN=${given} is not an executable file; ${TOXIPROXY_INSTALL_HINT}` };
    if (!isToxiproxy(given))
      return {
        reason: `TOXIPROXY_BIN=${given} is not Toxiproxy (its --version does not say so); ${TOXIPROXY_INSTALL_HINT}`,
      };
    return { path: given };
  }
  const onPath = (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, 'toxiproxy-server'));
  const inGoBin = goBinDirs(env).map((dir) => join(dir, 'server'));
  const path = [...onPath, ...inGoBin].find((p) => isExecutable(p) && isToxiproxy(p));
  return path
    ? { path }
    : {
        reason:
          `Toxiproxy not found (TOXIPROXY_BIN, toxiproxy-server on PATH, server in Go's bin folder); ` +
          `${TOXIPROXY_INSTALL_HINT}`,
      };
}

/**
 * Where `go install` puts binaries: GOBIN, else GOPATH/bin, from the environment when set (no Go run needed),
 * else as Go reports them; Go's default ($HOME/go/bin) when Go itself is absent.
 */
function goBinDirs(env: NodeJS.ProcessEnv): string[] {
  if (env.GOBIN) return [env.GOBIN];
  if (env.GOPATH)
    return env.GOPATH.split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, 'bin'));
  for (const go of ['go', '/usr/local/go/bin/go']) {
    try {
      const [gobin, gopath] = execFileSync(go, ['env', 'GOBIN', 'GOPATH'], {
        encoding: 'utf8',
        timeout: 10_000,
        env,
      }).split('\n');
      return [gobin.trim() || join(gopath.trim(), 'bin')];
    } catch {
      // No Go under this name: try the next.
    }
  }
  return env.HOME ? [join(env.HOME, 'go', 'bin')] : [];
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isToxiproxy(path: string): boolean {
  try {
    return /toxiproxy/i.test(
      execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
  } catch {
    return false;
  }
}
