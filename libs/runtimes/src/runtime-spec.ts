import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { RuntimeError } from './runtime-error';

/** What a user may name as a runtime, read from the command line (`--node 22,24.11.1,~/.nvm/.../bin/node,current`). */
export type RuntimeSpec =
  | { kind: 'current'; text: string }
  | { kind: 'major'; text: string; major: number }
  | { kind: 'exact'; text: string; version: string }
  | { kind: 'path'; text: string; path: string };

export const ACCEPTED_SPECS =
  "a major (22), an exact version (22.11.0 or v22.11.0), a path to a node binary (containing a /) or 'current'";

/**
 * One runtime spec, or a RuntimeError naming what is accepted. A path is anything with a `/` (so nvm, fnm and volta
 * paths work as they are), `~` is expanded, a relative path is taken from the current folder.
 */
export function parseRuntimeSpec(text: string, cwd: string = process.cwd()): RuntimeSpec {
  const trimmed = text.trim();
  if (trimmed === 'current') return { kind: 'current', text: trimmed };
  if (/^[1-9]\d*$/.test(trimmed)) return { kind: 'major', text: trimmed, major: Number(trimmed) };
  const exact = /^v?(\d+\.\d+\.\d+)$/.exec(trimmed);
  if (exact) return { kind: 'exact', text: trimmed, version: exact[1] };
  if (trimmed.includes('/')) return { kind: 'path', text: trimmed, path: resolve(cwd, expandHome(trimmed)) };
  throw new RuntimeError(`'${text}'`, `expected ${ACCEPTED_SPECS}`);
}

function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
}
