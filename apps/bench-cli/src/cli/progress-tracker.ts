import { Presets, SingleBar } from 'cli-progress';

/**
 * Units of work by kind, in the order they are named (`{ 'measured runs': 8, 'warm-up runs': 2 }`): progress says
 * each kind's count apart, so a line never counts warm-ups or the wire pass as measured runs.
 */
export type WorkCounts = Record<string, number>;

/** "8/10 measured runs, 2/2 warm-up runs": each kind with work, done of total. */
export function describeCounts(done: WorkCounts, total: WorkCounts): string {
  return Object.entries(total)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${done[kind] ?? 0}/${count} ${kind}`)
    .join(', ');
}

/** Adds `more` to `into`, kind by kind. */
export function addCounts(into: WorkCounts, more: WorkCounts): WorkCounts {
  for (const [kind, count] of Object.entries(more)) into[kind] = (into[kind] ?? 0) + count;
  return into;
}

/**
 * Progress on stderr, so stdout stays clean for tables and machine output: a bar with the scenario name,
 * done/total of each kind of work and ETA on a terminal; one plain line per scenario otherwise (CI logs, pipes).
 */
export class ProgressTracker {
  private readonly bar?: SingleBar;
  private readonly done: WorkCounts = {};
  private readonly size: number;

  constructor(
    private readonly total: WorkCounts,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.size = sum(total);
    if (stream.isTTY) {
      this.bar = new SingleBar(
        {
          format: ` {bar} {percentage}% | {scenario} | {counts} | ETA {eta_formatted}`,
          stream,
          hideCursor: true,
          etaBuffer: 5,
        },
        Presets.shades_classic,
      );
      this.bar.start(this.size, 0, { scenario: 'starting', counts: this.counts() });
    }
  }

  /** Before a scenario: shows what is running now. */
  starting(name: string): void {
    if (this.bar) this.bar.update(sum(this.done), { scenario: name, counts: this.counts() });
    else this.stream.write(`[${this.counts()}] ${name} ...\n`);
  }

  /** After a scenario: the work it did, by kind, and a one-line outcome for the plain log. */
  finished(name: string, work: WorkCounts, outcome: string): void {
    addCounts(this.done, work);
    if (this.bar) this.bar.update(sum(this.done), { scenario: name, counts: this.counts() });
    else this.stream.write(`[${this.counts()}] ${name}: ${outcome}\n`);
  }

  note(message: string): void {
    if (this.bar) {
      // cli-progress redraws on the next update; a cleared line keeps the message readable.
      this.stream.write(`\r\x1b[K${message}\n`);
      this.bar.update(sum(this.done));
    } else {
      this.stream.write(`${message}\n`);
    }
  }

  stop(): void {
    this.bar?.stop();
  }

  private counts(): string {
    return describeCounts(this.done, this.total);
  }
}

function sum(counts: WorkCounts): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
