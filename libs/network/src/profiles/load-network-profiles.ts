import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findProjectRoot } from '@app/bootstrap';
import type { NetworkProfile } from './network-profile.interface';

/** A profiles file that cannot be used, or a profile name that is not in it; the message says which and why. */
export class NetworkProfileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkProfileError';
  }
}

/** The repository's profiles file. */
export const NETWORK_PROFILES_FILE = 'network-profiles.json';

const NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * The profiles: the repository's network-profiles.json, then the file named by NETWORK_PROFILES_FILE (same shape),
 * whose profiles add to them and win on a name. Every field is checked, so a typo is one clear error at start-up.
 */
export function loadNetworkProfiles(env: NodeJS.ProcessEnv = process.env): Record<string, NetworkProfile> {
  const files = [
    join(findProjectRoot(), NETWORK_PROFILES_FILE),
    ...(env.NETWORK_PROFILES_FILE ? [env.NETWORK_PROFILES_FILE] : []),
  ];
  const profiles: Record<string, NetworkProfile> = {};
  for (const file of files) Object.assign(profiles, readProfilesFile(file));
  return profiles;
}

/**
 * The profiles a --network / ?network= value names, in its order; an unknown name lists the valid ones. Each name
 * is taken exactly as given (`wan ` or an empty item is no profile's name), as every other parameter is.
 */
export function selectNetworkProfiles(
  value: string,
  profiles: Record<string, NetworkProfile>,
  parameter = 'network',
): NetworkProfile[] {
  const names = value === '' ? [] : value.split(',');
  if (names.length === 0)
    throw new NetworkProfileError(`${parameter} must name one or more profiles: ${Object.keys(profiles).join(', ')}`);
  const unknown = names.filter((n) => !Object.hasOwn(profiles, n));
  if (unknown.length > 0)
    throw new NetworkProfileError(
      `${parameter}: no profile ` +
        `named ${unknown.map((n) => JSON.stringify(n)).join(', ')}; the profiles ` +
        `are ${Object.keys(profiles).join(', ')} (network-profiles.json, NETWORK_PROFILES_FILE)`,
    );
  return [...new Set(names)].map((n) => profiles[n]);
}

function readProfilesFile(file: string): Record<string, NetworkProfile> {
  if (!existsSync(file)) throw new NetworkProfileError(`${file}: no such profiles file`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new NetworkProfileError(`${file}: not JSON (${(error as Error).message})`);
  }
  const profiles = (data as { profiles?: unknown })?.profiles;
  if (!profiles || typeof profiles !== 'object' || Array.isArray(profiles))
    throw new NetworkProfileError(`${file}: expected {"profiles": {"name": {...}, ...}}`);
  return Object.fromEntries(Object.entries(profiles).map(([name, raw]) => [name, checkProfile(file, name, raw)]));
}

function checkProfile(file: string, name: string, raw: unknown): NetworkProfile {
  const where = `${file}: profile ${JSON.stringify(name)}`;
  if (!NAME.test(name))
    throw new NetworkProfileError(`${where}: a name is lower-case letters, digits and "-", starting with a letter`);
  if (!raw || typeof raw !== 'object') throw new NetworkProfileError(`${where}: expected an object`);
  const p = raw as Record<string, unknown>;
  const ms = (key: string, max: number): number => {
    const v = p[key] ?? 0;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max)
      throw new NetworkProfileError(
        `${where}: ${key} must be a number of ms from 0 to ${max}, got ${JSON.stringify(v)}`,
      );
    return v;
  };
  const mbit = (key: string): number | null => {
    const v = p[key] ?? null;
    if (v === null) return null;
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > 100_000)
      throw new NetworkProfileError(
        `${where}: ${key} must be Mbit/s above 0 and at most 100000, or null (not limited), got ${JSON.stringify(v)}`,
      );
    return v;
  };
  const latencyMs = ms('latencyMs', 10_000);
  const jitterMs = ms('jitterMs', 10_000);
  if (jitterMs > latencyMs)
    throw new NetworkProfileError(
      `${where}: jitterMs (${jitterMs}) above latencyMs (${latencyMs}) would ask for negative delays`,
    );
  const description = typeof p.description === 'string' ? p.description : '';
  return { name, description, latencyMs, jitterMs, downMbit: mbit('downMbit'), upMbit: mbit('upMbit') };
}
