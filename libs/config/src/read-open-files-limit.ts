import { readFileSync } from 'node:fs';

/**
 * The process's soft limit on open files (`ulimit -n`), which every socket, pipe and file counts against. Node has
 * no API for it (it raises the soft limit to the hard one at start-up, so the shell's `ulimit -n` may be lower than
 * what applies); Linux shows it in /proc/self/limits. Null where that cannot be read or says "unlimited".
 */
export function readOpenFilesLimit(limitsFile = '/proc/self/limits'): number | null {
  let text: string;
  try {
    text = readFileSync(limitsFile, 'utf8');
  } catch {
    return null;
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  const value = Number(soft);
  return soft !== undefined && /^\d+$/.test(soft) && Number.isSafeInteger(value) ? value : null;
}
