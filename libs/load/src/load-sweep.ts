import type { LoadLevelResult } from './load-level.interface';
import { levelVerdict } from './level-verdict';

/**
 * A sweep's levels as they finish: which still run, what to say about each, and whether the sweep succeeded. Once a
 * level shows this machine at its limit, no level of higher concurrency runs: it could only measure the machine.
 */
export class LoadSweep {
  private limit: { concurrency: number; title: string; text: string } | null = null;
  private readonly failures: string[] = [];
  private readonly skipped: string[] = [];
  private succeeded = 0;

  constructor(private readonly cores: number) {}

  /** Whether a level of this concurrency runs; when not, it is remembered as left out. */
  runs(concurrency: number, title: string): boolean {
    if (this.limit === null || concurrency <= this.limit.concurrency) return true;
    this.skipped.push(title);
    return false;
  }

  /** A finished level; returns the line that says what went wrong in it, or null when nothing did. */
  record(title: string, level: LoadLevelResult, timeoutMs: number): string | null {
    const verdict = levelVerdict(level, timeoutMs, this.cores);
    if (verdict.kind === 'ok') {
      this.succeeded++;
      return null;
    }
    if (verdict.kind === 'failed') this.failures.push(`${title}: ${verdict.text}`);
    else if (this.limit === null || level.concurrency < this.limit.concurrency)
      this.limit = { concurrency: level.concurrency, title, text: verdict.text };
    return `${title}: ${verdict.text}`;
  }

  /** Why levels were left out, or null when every level ran. */
  stopped(): string | null {
    if (this.limit === null) return null;
    const notRun = this.skipped.length === 0 ? '' : `; not run: ${this.skipped.join(', ')}`;
    return `stopped at c=${this.limit.concurrency}: ${this.limit.text} (${this.limit.title})${notRun}`;
  }

  /** Why the sweep failed, or null: a level failed with the server as the limit, or none ran without failures. */
  failure(): string | null {
    if (this.failures.length > 0) return this.failures.join('; ');
    if (this.limit !== null && this.succeeded === 0)
      return `no level succeeded below this machine's limit: ${this.limit.title}: ${this.limit.text}`;
    return null;
  }
}
