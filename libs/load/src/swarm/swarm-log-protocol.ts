import { createHash } from 'node:crypto';

/**
 * What a generator task says on stdout, read back through `docker service logs` (which works across nodes): its
 * window's edges as they happen, then its result (or its failure) as marked lines. A result is JSON, base64 in
 * chunks: docker's log drivers split lines longer than 16 KiB, and a split line would no longer carry its mark.
 * Each chunk names its task's share, its place, the whole payload's length and checksum, so the reader can tell a
 * result that is complete from one that lost or mangled a chunk.
 */
export const REPORT_MARK = 'WIREBENCH-GEN';
/** Well under docker's 16 KiB line limit, mark and header included. */
export const CHUNK_CHARS = 8 * 1024;

export type TaskReport =
  | { share: number; kind: 'window'; edge: 'start' | 'end' }
  | { share: number; kind: 'result'; payload: unknown }
  | { share: number; kind: 'failed'; reason: string };

const checksum = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The line for a window edge. */
export function windowLine(share: number, edge: 'start' | 'end'): string {
  return `${REPORT_MARK} ${share} window ${edge}`;
}

/** The line for a task that could not produce a result (one line: newlines folded). */
export function failedLine(share: number, reason: string): string {
  return `${REPORT_MARK} ${share} failed ${reason.replace(/\s+/g, ' ').slice(0, 2000)}`;
}

/** The lines that carry a result: `MARK share result i/n length checksum chunk`. */
export function resultLines(share: number, payload: unknown, chunkChars = CHUNK_CHARS): string[] {
  const text = Buffer.from(JSON.stringify(payload)).toString('base64');
  const sum = checksum(text);
  const n = Math.max(1, Math.ceil(text.length / chunkChars));
  return Array.from(
    { length: n },
    (_, i) =>
      `${REPORT_MARK} ${share} result ` +
      `${i + 1}/${n} ${text.length} ${sum} ${text.slice(i * chunkChars, (i + 1) * chunkChars)}`,
  );
}

const LINE = new RegExp(`${REPORT_MARK} (\\d+) (window|failed|result) (.*)$`);
const CHUNK = /^(\d+)\/(\d+) (\d+) ([0-9a-f]{16}) ([A-Za-z0-9+/=]*)$/;

/**
 * Reads the tasks' lines in any order and interleaving (lines without the mark, e.g. a log prefix or other output,
 * are skipped); returns each report once it is whole. A result is whole when all its chunks are in and their
 * length and checksum match; `incomplete` says what is missing of the ones that are not.
 */
export class TaskReportReader {
  private readonly chunks = new Map<number, { n: number; length: number; sum: string; parts: Map<number, string> }>();
  private readonly corrupt = new Map<number, string>();
  private readonly done = new Set<number>();

  /** The report this line completes, if any; throws nothing (a corrupt result is told by `incomplete`). */
  read(line: string): TaskReport | null {
    const m = LINE.exec(line.trimEnd());
    if (!m) return null;
    const share = Number(m[1]);
    const rest = m[3];
    if (m[2] === 'window') return rest === 'start' || rest === 'end' ? { share, kind: 'window', edge: rest } : null;
    if (m[2] === 'failed') return { share, kind: 'failed', reason: rest };
    if (this.done.has(share)) return null;
    const c = CHUNK.exec(rest);
    if (!c) return this.spoil(share, 'a result line that is not a chunk');
    const [i, n, length, sum, part] = [Number(c[1]), Number(c[2]), Number(c[3]), c[4], c[5]];
    let entry = this.chunks.get(share);
    if (!entry) this.chunks.set(share, (entry = { n, length, sum, parts: new Map() }));
    if (entry.n !== n || entry.length !== length || entry.sum !== sum || i < 1 || i > n)
      return this.spoil(share, `chunk ${i}/${n} disagrees with the others`);
    entry.parts.set(i, part);
    if (entry.parts.size < n) return null;
    const text = Array.from({ length: n }, (_, k) => entry!.parts.get(k + 1)).join('');
    this.chunks.delete(share);
    if (text.length !== length || checksum(text) !== sum)
      return this.spoil(share, `${text.length} of ${length} characters, checksum ${checksum(text)} instead of ${sum}`);
    try {
      const payload = JSON.parse(Buffer.from(text, 'base64').toString());
      this.done.add(share);
      return { share, kind: 'result', payload };
    } catch {
      return this.spoil(share, 'checksum matched but the JSON did not parse');
    }
  }

  /** Why share's result is not whole: chunks missing or corrupt; null when it was read or never began. */
  incomplete(share: number): string | null {
    if (this.corrupt.has(share)) return `its result was corrupt in the logs: ${this.corrupt.get(share)}`;
    const entry = this.chunks.get(share);
    if (!entry) return null;
    const missing = Array.from({ length: entry.n }, (_, k) => k + 1).filter((k) => !entry.parts.has(k));
    return (
      `its result is missing ` +
      `chunk${missing.length === 1 ? '' : 's'} ${missing.join(',' + ' ')} of ${entry.n} in the logs`
    );
  }

  private spoil(share: number, why: string): null {
    if (!this.corrupt.has(share)) this.corrupt.set(share, why);
    this.chunks.delete(share);
    return null;
  }
}
