import { isPassThrough } from '../profiles/network-profile.interface';
import type { NetworkProfile } from '../profiles/network-profile.interface';
import { ShapedPath } from '../toxiproxy/shaped-path';
import type { ToxiproxyServer } from '../toxiproxy/toxiproxy-server';
import { CalibrationServer } from './calibration-server';
import { judgeCalibration } from './judge-calibration';
import { measureRtt } from './measure-rtt';
import { measureThroughput } from './measure-throughput';
import { measureUploadThroughput } from './measure-upload-throughput';
import type { PathCalibration } from './path-calibration.interface';

export interface CalibrationOptions {
  /** Round trips whose median is the RTT. */
  pings?: number;
  /** The bulk transfer is sized to take about this long at the nominal rate... */
  bulkSeconds?: number;
  /** ...within these bounds (bytes); an unlimited path gets the largest. */
  minBulkBytes?: number;
  maxBulkBytes?: number;
  /** Each measurement gives up after this long. */
  timeoutMs?: number;
}

const DEFAULTS: Required<CalibrationOptions> = {
  pings: 20,
  bulkSeconds: 1,
  minBulkBytes: 256 * 1024,
  maxBulkBytes: 64 * 1024 * 1024,
  timeoutMs: 30_000,
};

/**
 * A path across a link that is shaped on the link itself (tc on a veth pair): it is measured against a calibration
 * server on the link's far end, so the bulk transfer crosses the same link and the same tbf as the scenario's bytes.
 */
export interface CalibrationLink {
  /** The calibration server across the link, already running; its host is the one non-loopback upstream allowed. */
  target: { host: string; port: number };
  /** What of the profile the proxy adds (the link does the rest); pass-through = no proxy at all. */
  proxied: NetworkProfile;
}

// Calibrations against one link's server would otherwise share a proxy name (Toxiproxy refuses the second: 409).
let opened = 0;

/**
 * Measures what a profile's path really gives before a scenario runs under it: RTT from small round trips and
 * throughput from a bulk transfer each way. The path is a proxy in the same Toxiproxy process with the same toxics as
 * the servers' proxies (ShapedPath with the identical profile, same loopback link), in front of a calibration server of
 * our own, so the figures are the path's and not an app's. A pass-through profile is measured directly, with no proxy,
 * as the scenario will run. With `link`, the same holds across that link (see CalibrationLink). Everything it starts is
 * closed before it returns.
 */
export async function calibratePath(
  profile: NetworkProfile,
  toxiproxy: ToxiproxyServer | null,
  options: CalibrationOptions = {},
  link?: CalibrationLink,
): Promise<PathCalibration> {
  const o = { ...DEFAULTS, ...options };
  const proxied = link?.proxied ?? profile;
  if (!isPassThrough(proxied) && !toxiproxy)
    throw new Error(`profile ${profile.name} needs Toxiproxy to calibrate its path`);
  const local = link ? undefined : await CalibrationServer.start();
  const target = link?.target ?? local!;
  let path: ShapedPath | undefined;
  try {
    if (!isPassThrough(proxied) && toxiproxy)
      path = await ShapedPath.open(
        toxiproxy,
        `calibration-${profile.name}-${target.port}-${opened++}`,
        target,
        proxied,
        link?.target.host,
      );
    const { host, port } = path ?? target;
    const rttMs = await measureRtt(host, port, o.pings, o.timeoutMs);
    const mbps = await measureThroughput(host, port, bulkBytes(profile.downMbit, o), o.timeoutMs);
    const upMbps = await measureUploadThroughput(host, port, bulkBytes(profile.upMbit, o), o.timeoutMs);
    // Judged against the whole profile: what the link does and what the proxy adds, together.
    return judgeCalibration(profile, { rttMs, mbps, upMbps }, path?.notes ?? []);
  } finally {
    await path?.close();
    await local?.close();
  }
}

/**
 * About `bulkSeconds` of data at a direction's rate (downMbit or upMbit), bounded; the upper bound when the path is not
 * limited.
 */
export function bulkBytes(
  mbit: number | null,
  o: Pick<Required<CalibrationOptions>, 'bulkSeconds' | 'minBulkBytes' | 'maxBulkBytes'>,
): number {
  if (mbit === null) return o.maxBulkBytes;
  return Math.round(Math.min(o.maxBulkBytes, Math.max(o.minBulkBytes, (mbit * 1e6 * o.bulkSeconds) / 8)));
}
