import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export const GHZ_INSTALL_HINT =
  'install it with "go install github.com/bojand/ghz/cmd/ghz@v0.120.0" (or "npm run setup:go-tools"), or ' +
  'point GHZ_BIN at it';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The ghz binary: GHZ_BIN, then PATH, then where `go install` puts it ($(go env GOPATH)/bin, /root/go/bin); null when
 * none.
 */
export function findGhz(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.GHZ_BIN) return executable(env.GHZ_BIN) ? env.GHZ_BIN : null;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean))
    if (executable(join(dir, 'ghz'))) return join(dir, 'ghz');
  const gopath = spawnSync('go', ['env', 'GOPATH'], { encoding: 'utf8', env, timeout: 5000 });
  const candidates = [
    ...(gopath.status === 0 ? gopath.stdout.trim().split(delimiter).filter(Boolean) : []).map((d) =>
      join(d, 'bin', 'ghz'),
    ),
    '/root/go/bin/ghz',
  ];
  return candidates.find(executable) ?? null;
}
