import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { findProgram } from './find-program';

export const GHZ_INSTALL_HINT =
  'install it with "go install github.com/bojand/ghz/cmd/ghz@v0.120.0" (or "npm run setup:go-tools"), or ' +
  'point GHZ_BIN at it';

/**
 * The ghz binary: GHZ_BIN, then PATH, then where `go install` puts it ($(go env GOPATH)/bin, /root/go/bin); null when
 * none.
 */
export function findGhz(env: NodeJS.ProcessEnv = process.env): string | null {
  return findProgram('ghz', 'GHZ_BIN', env, () => {
    const gopath = spawnSync('go', ['env', 'GOPATH'], { encoding: 'utf8', env, timeout: 5000 });
    return [
      ...(gopath.status === 0 ? gopath.stdout.trim().split(delimiter).filter(Boolean) : []).map((d) =>
        join(d, 'bin', 'ghz'),
      ),
      '/root/go/bin/ghz',
    ];
  });
}
