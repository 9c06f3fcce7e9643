import { resolveProtoPath } from '@app/grpc';
import { getShape } from '@app/shapes';
import { levelShape } from '../level-shape';
import type { LoadLevelSpec } from '../load-level.interface';
import { findGhz, GHZ_INSTALL_HINT } from './find-ghz';
import { GhzReport, ghzReportWindow } from './ghz-report-window';
import { probeOneCall } from './probe-one-call';
import { programFailure, runProgram } from './run-program';
import { type OutsideWindow, warmThenMeasure } from './warm-then-measure';

/** Runs ghz once and parses its JSON report (ghz exits 1 when some calls failed, with the report still printed). */
async function runGhz(bin: string, args: string[], limitMs: number): Promise<GhzReport> {
  const run = await runProgram('ghz', bin, args, limitMs);
  if (run.code !== 0 && run.stdout.length === 0) throw programFailure('ghz', run, limitMs);
  try {
    return JSON.parse(run.stdout) as GhzReport;
  } catch (error) {
    throw new Error(`ghz ${(error as Error).message}: ${run.stderr.trim().split('\n').pop() ?? ''}`, {
      cause: error,
    });
  }
}

/**
 * What ghz calls for a shape: its proto file (ghz resolves google/protobuf/* itself) and its unary method, as the
 * registry names them (`row`: sample.SampleService.GetSamples in sample.proto).
 */
export function ghzCallArgs(shapeName: string): string[] {
  const shape = getShape(shapeName);
  return [
    '--proto',
    resolveProtoPath(__dirname, shape.protoFile),
    '--call',
    `${shape.grpcService}.${shape.unaryMethod}`,
  ];
}

/**
 * A gRPC closed-loop level driven by ghz (a cross-check of the project's generator): a warm-up run, then the
 * measured run, each a ghz process; its report rebuilt into the same window, histogram and error kinds. The
 * generator CPU is ghz's own, read when each run has ended.
 */
export async function ghzClosedLoop(
  spec: LoadLevelSpec,
  onWindow?: (edge: 'start' | 'end') => void,
): Promise<OutsideWindow> {
  const bin = findGhz();
  if (!bin) throw new Error(`ghz not found: ${GHZ_INSTALL_HINT}`);
  const { verified, messageBytes } = await probeOneCall(spec);
  const base = [
    '--insecure',
    ...ghzCallArgs(levelShape(spec)),
    '-d',
    JSON.stringify({ count: spec.rows }),
    '-c',
    String(spec.concurrency),
    '--connections',
    String(spec.connections),
    '-t',
    `${spec.timeoutMs}ms`,
    '--format',
    'json',
  ];
  const measuredArgs = spec.requests ? ['-n', String(spec.requests)] : ['-z', `${spec.durationMs}ms`];
  const limitMs = spec.requests ? 600_000 : spec.durationMs * 2 + 30_000;
  const { measured, ...cpu } = await warmThenMeasure(
    spec.warmupMs > 0
      ? () => runGhz(bin, [...base, '-z', `${spec.warmupMs}ms`, spec.target.address], spec.warmupMs * 2 + 30_000)
      : null,
    () => runGhz(bin, [...base, ...measuredArgs, spec.target.address], limitMs),
    onWindow,
  );
  const { dropped: _dropped, ...window } = ghzReportWindow(
    measured,
    messageBytes,
    spec.requests ? 'requests' : 'duration',
  );
  return { ...window, verified, ...cpu };
}
