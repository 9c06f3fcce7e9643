import { Presets, SingleBar } from 'cli-progress';

/**
 * Progress on stderr, so stdout stays clean for tables and machine output: a bar with the scenario name,
 * done/total runs and ETA on a terminal; one plain line per scenario otherwise (CI logs, pipes).
 */
export class ProgressTracker {
  private readonly bar?: SingleBar;
  private done = 0;

  constructor(
    private readonly total: number,
    private readonly unit = 'runs',
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    if (stream.isTTY) {
      this.bar = new SingleBar(
        { format: ` {bar} {percentage}% | {scenario} | {value}/{total} ${unit} | ETA {eta_formatted}`, stream, hideCursor: true, etaBuffer: 5 },
        Presets.shades_classic,
      );
      this.bar.start(total, 0, { scenario: 'starting' });
    }
  }

  /** Before a scenario: shows what is running now. */
  starting(name: string): void {
    if (this.bar) this.bar.update(this.done, { scenario: name });
    else this.stream.write(`[${this.done}/${this.total} ${this.unit}] ${name} ...\n`);
  }

  /** After a scenario: its weight in runs, and a one-line outcome for the plain log. */
  finished(name: string, runs: number, outcome: string): void {
    this.done += runs;
    if (this.bar) this.bar.update(this.done, { scenario: name });
    else this.stream.write(`[${this.done}/${this.total} ${this.unit}] ${name}: ${outcome}\n`);
  }

  note(message: string): void {
    if (this.bar) {
      // cli-progress redraws on the next update; a cleared line keeps the message readable.
      this.stream.write(`\r\x1b[K${message}\n`);
      this.bar.update(this.done);
    } else {
      this.stream.write(`${message}\n`);
    }
  }

  stop(): void {
    this.bar?.stop();
  }
}
