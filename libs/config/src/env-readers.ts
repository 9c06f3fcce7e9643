import { ConfigError } from './config-error';

export type Env = Record<string, string | undefined>;

/** An integer variable within [min, max], or its default when unset or empty. */
export function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim());
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `invalid ${name}=${JSON.stringify(raw)}: must be an integer from ${min} to ${max}`);
  }
  return value;
}

export function readPort(env: Env, name: string, fallback: number): number {
  return readInt(env, name, fallback, 0, 65535);
}

/** A host name or IP literal; anything with a scheme, a port or spaces is a mistake worth naming. */
export function readHost(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const host = raw.trim();
  if (!/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]+:[0-9a-fA-F:.]*|[A-Za-z0-9.-]+)$/.test(host)) {
    throw new ConfigError(
      name,
      `invalid ${name}=${JSON.stringify(raw)}: must be a host name or IP address, without scheme or port`,
    );
  }
  return host;
}

/** An http(s) base URL such as http://127.0.0.1:3001 (no trailing slash kept). */
export function readHttpUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(name, `invalid ${name}=${JSON.stringify(raw)}: must be a URL such as http://127.0.0.1:3001`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `invalid ${name}=${JSON.stringify(raw)}: must start with http:// or https://`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** A gRPC target host:port, as grpc-js takes it (e.g. 127.0.0.1:3002 or [::1]:3002). */
export function readHostPort(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim();
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535) {
    throw new ConfigError(name, `invalid ${name}=${JSON.stringify(raw)}: must be host:port such as 127.0.0.1:3002`);
  }
  return value;
}

/** A file system path; only checked for being one line (it is created when first written to). */
export function readPath(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (/[\0\n\r]/.test(raw)) throw new ConfigError(name, `invalid ${name}: must be a path on one line`);
  return raw;
}

/** One of a fixed set of words, or its default when unset or empty. */
export function readChoice<T extends string>(env: Env, name: string, fallback: T, choices: readonly T[]): T {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase() as T;
  if (!choices.includes(value))
    throw new ConfigError(name, `invalid ${name}=${JSON.stringify(raw)}: must be one of ${choices.join(', ')}`);
  return value;
}
