import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** GRPCURL_BIN, then PATH, then Go's bin folder (where `npm run setup:go-tools` puts it). */
export function findGrpcurl(): { bin?: string; reason: string } {
  if (process.env.GRPCURL_BIN) {
    return isExecutable(process.env.GRPCURL_BIN)
      ? { bin: process.env.GRPCURL_BIN, reason: '' }
      : { reason: `GRPCURL_BIN=${process.env.GRPCURL_BIN} is not executable` };
  }
  const candidates = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, 'grpcurl'));
  for (const go of ['go', '/usr/local/go/bin/go']) {
    try {
      candidates.push(
        join(execFileSync(go, ['env', 'GOPATH'], { encoding: 'utf8', timeout: 10_000 }).trim(), 'bin', 'grpcurl'),
      );
      break;
    } catch {
      // No Go here: try the next place.
    }
  }
  candidates.push('/root/go/bin/grpcurl');
  const bin = candidates.find(isExecutable);
  return bin
    ? { bin, reason: '' }
    : { reason: 'grpcurl not found (GRPCURL_BIN, PATH, Go bin); run "npm run setup:go-tools"' };
}
