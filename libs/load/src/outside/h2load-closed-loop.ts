import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shapeGrpcMethods } from '@app/transports';
import { grpcFramed } from '../grpc-frame';
import { h2Url } from '../h2-session-pool';
import { levelShape } from '../level-shape';
import type { LoadLevelSpec } from '../load-level.interface';
import { findH2load, H2LOAD_INSTALL_HINT } from './find-h2load';
import { h2loadWindow } from './h2load-output';
import { probeOneCall } from './probe-one-call';
import { programFailure, runProgram } from './run-program';
import { type OutsideWindow, warmThenMeasure } from './warm-then-measure';

/**
 * A gRPC closed-loop level driven by nghttp2's h2load, a C HTTP/2 load tool (a ceiling for the project's own
 * generator): the level's unary call POSTed as gRPC frames, `connections` clients each keeping concurrency /
 * connections streams in flight, on one thread as the project's generator runs on one event loop. A warm-up run, then
 * the measured run, each an h2load process; the measured one logs every request (--log-file), read back into the same
 * window, histogram and error kinds as the other engines. The generator CPU is h2load's own.
 */
export async function h2loadClosedLoop(
  spec: LoadLevelSpec,
  onWindow?: (edge: 'start' | 'end') => void,
): Promise<OutsideWindow> {
  const bin = findH2load();
  if (!bin) throw new Error(`h2load not found: ${H2LOAD_INSTALL_HINT}`);
  // validateLoadLevel refused uneven streams per connection (LOAD_ENGINE_INFO.h2load.evenStreams).
  const streams = spec.concurrency / spec.connections;
  const { verified, messageBytes } = await probeOneCall(spec);
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-h2load-'));
  try {
    const bodyFile = join(dir, 'request.bin');
    const logFile = join(dir, 'requests.tsv');
    const method = shapeGrpcMethods(levelShape(spec)).unary;
    writeFileSync(bodyFile, grpcFramed(method.requestSerialize({ count: spec.rows })));
    const url = new URL(method.path, h2Url(spec.target.address)).href;
    const base = [
      url,
      '--data',
      bodyFile,
      '--header',
      'content-type: application/grpc',
      '--header',
      'te: trailers',
      // The server gives up when the caller would (grpc-timeout allows at most 8 digits); h2load has no per-request
      // timeout of its own.
      '--header',
      `grpc-timeout: ${Math.min(spec.timeoutMs, 99_999_999)}m`,
      '--clients',
      String(spec.connections),
      '--max-concurrent-streams',
      String(streams),
      '--threads',
      '1',
    ];
    const run = async (args: string[], limitMs: number) => {
      const out = await runProgram('h2load', bin, [...base, ...args], limitMs);
      if (out.code !== 0) throw programFailure('h2load', out, limitMs);
      return out.stdout;
    };
    const measuredArgs = spec.requests ? ['--requests', String(spec.requests)] : ['--duration', `${spec.durationMs}ms`];
    const limitMs = spec.requests ? 600_000 : spec.durationMs * 2 + 30_000;
    const { measured, ...cpu } = await warmThenMeasure(
      spec.warmupMs > 0 ? () => run(['--duration', `${spec.warmupMs}ms`], spec.warmupMs * 2 + 30_000) : null,
      () => run([...measuredArgs, '--log-file', logFile], limitMs),
      onWindow,
    );
    const window = h2loadWindow(
      measured,
      readFileSync(logFile, 'utf8'),
      messageBytes,
      spec.requests ? 'requests' : 'duration',
    );
    return { ...window, verified, ...cpu };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
