import { isPassThrough } from '../profiles/network-profile.interface';
import type { NetworkProfile } from '../profiles/network-profile.interface';
import type { PathCalibration } from './path-calibration.interface';

/** How far a measured path may be from the profile before the result is flagged: "within 20%". */
export const CALIBRATION_TOLERANCE = 0.2;

/**
 * The measured figures beside the profile's nominal ones, flagged when either is off by more than the tolerance.
 * A pass-through profile promises nothing, so nothing is compared; nor is a round trip when the profile adds no
 * latency, or a direction's throughput when it sets no limit for it (downMbit, upMbit).
 */
export function judgeCalibration(
  profile: NetworkProfile,
  measured: { rttMs: number; mbps: number; upMbps: number },
  notes: string[] = [],
  tolerance = CALIBRATION_TOLERANCE,
): PathCalibration {
  const passThrough = isPassThrough(profile);
  const nominalRttMs = passThrough || profile.latencyMs === 0 ? null : 2 * profile.latencyMs;
  const nominalMbps = passThrough ? null : profile.downMbit;
  const nominalUpMbps = passThrough ? null : profile.upMbit;
  const misses = [
    miss('round trip', measured.rttMs, nominalRttMs, 'ms', tolerance),
    miss('throughput', measured.mbps, nominalMbps, 'Mbit/s', tolerance),
    miss('upload throughput', measured.upMbps, nominalUpMbps, 'Mbit/s', tolerance),
  ].filter((m): m is string => m !== null);
  return {
    profile: profile.name,
    ...measured,
    nominalRttMs,
    nominalMbps,
    nominalUpMbps,
    flagged: misses.length > 0,
    notes: [...misses, ...notes],
  };
}

function miss(what: string, measured: number, nominal: number | null, unit: string, tolerance: number): string | null {
  if (nominal === null) return null;
  const off = (measured - nominal) / nominal;
  if (Math.abs(off) <= tolerance) return null;
  return (
    `${what} ${round(measured)} ` +
    `${unit} is ${Math.round(Math.abs(off) * 100)}% ${
      off < 0 ? 'below' : 'above'
    } the nominal ${nominal} ${unit} (tolerance ${tolerance * 100}%)`
  );
}

const round = (x: number) => Number(x.toPrecision(3));
