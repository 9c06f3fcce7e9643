import { spawn } from 'node:child_process';
import { resolveProtoPath } from '@app/grpc';
import { getShape } from '@app/shapes';
import { reapedChildrenCpuMs } from '@app/resources';
import { findGhz, GHZ_INSTALL_HINT } from './find-ghz';
import { GhzReport, ghzReportWindow } from './ghz-report-window';
import { grpcH2Fire } from './grpc-h2-fire';
import type { LoadLevelSpec, MeasuredWindow } from './load-level.interface';
import { levelShape } from './level-shape';

export type GhzWindow = MeasuredWindow & {
  verified: boolean;
  /** ghz's CPU over the measured run, and over the warm-up and measured runs together. */
  ghzWindowCpuMs: number;
  ghzCpuMs: number;
  /** Calls ghz abandoned when its duration ran out (not counted). */
  dropped: number;
};

/** Runs ghz once and parses its JSON report; killed at `limitMs` so a stalled server cannot hang the level. */
function runGhz(bin: string, args: string[], limitMs: number): Promise<GhzReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    // Its generator process exiting early (its parent gone: generator-worker-main.ts) must not leave ghz loading on.
    const killNow = () => child.kill('SIGKILL');
    process.on('exit', killNow);
    child.on('close', () => process.off('exit', killNow));
    // First: a spawn that fails (EMFILE) emits 'error' and never 'close', and has no stdio to read.
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`ghz could not be started: ${error.message}`));
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      try {
        if (code !== 0 && out.length === 0)
          throw new Error(signal ? `killed (${signal}) after ${limitMs} ms` : `exited ${code}`);
        resolve(JSON.parse(Buffer.concat(out).toString()));
      } catch (error) {
        reject(new Error(`ghz ${(error as Error).message}: ${err.trim().split('\n').pop() ?? ''}`));
      }
    });
  });
}

/** One verified call through the project's own generator: ghz does not check replies, so this one does. */
async function probe(spec: LoadLevelSpec): Promise<{ verified: boolean; messageBytes: number }> {
  const requests = grpcH2Fire({ ...spec, connections: 1 });
  try {
    const messageBytes = await requests.fire(0);
    return { verified: requests.verified(), messageBytes };
  } catch {
    return { verified: false, messageBytes: 0 };
  } finally {
    requests.close();
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
): Promise<GhzWindow> {
  const bin = findGhz();
  if (!bin) throw new Error(`ghz not found: ${GHZ_INSTALL_HINT}`);
  const { verified, messageBytes } = await probe(spec);
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
  const cpuAtStart = reapedChildrenCpuMs();
  if (spec.warmupMs > 0)
    await runGhz(bin, [...base, '-z', `${spec.warmupMs}ms`, spec.target.address], spec.warmupMs * 2 + 30_000);
  const measured = spec.requests ? ['-n', String(spec.requests)] : ['-z', `${spec.durationMs}ms`];
  const limitMs = spec.requests ? 600_000 : spec.durationMs * 2 + 30_000;
  const cpuBefore = reapedChildrenCpuMs();
  onWindow?.('start');
  let report: GhzReport;
  try {
    report = await runGhz(bin, [...base, ...measured, spec.target.address], limitMs);
  } finally {
    onWindow?.('end');
  }
  const cpuAfter = reapedChildrenCpuMs();
  const window = ghzReportWindow(report, messageBytes, spec.requests ? 'requests' : 'duration');
  const cpu = (a: number | null, b: number | null) => (a === null || b === null ? 0 : b - a);
  return { ...window, verified, ghzWindowCpuMs: cpu(cpuBefore, cpuAfter), ghzCpuMs: cpu(cpuAtStart, cpuAfter) };
}
