import { Inject, Injectable, Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type { RunProgress } from '@app/bench';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { progressLine } from './progress-line';

/**
 * A line every CLIENT_PROGRESS_LOG_MS for each measurement call still running: a 5,000,000-row stream is minutes of
 * silence otherwise. A call that ends sooner logs nothing here (its runs are logged as they end).
 */
@Injectable()
export class ProgressLog {
  private readonly logger = new Logger(ProgressLog.name);

  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  /** Starts the lines for `call`; returns what stops them. */
  follow(call: string, progress: RunProgress): () => void {
    const since = performance.now();
    const timer = setInterval(
      () => this.logger.log(progressLine({ call, forMs: performance.now() - since, progress: progress.snapshot() })),
      this.config.progressLogMs,
    );
    // Never what keeps the process alive on shutdown.
    timer.unref();
    return () => clearInterval(timer);
  }
}
