import { performance } from 'node:perf_hooks';
import type { RunSample } from '../result/result.interface';
import { isDisturbed } from './judge-noise';
import { waitForQuiet } from './wait-for-quiet';

/** --rerun-disturbed's default: disturbed measured runs of each scenario that are measured again, at most. */
export const DEFAULT_RERUN_DISTURBED = 3;
/** The most a caller may ask for: each re-run can cost a wait and a run. */
export const MAX_RERUN_DISTURBED = 20;
/** Before each re-run the engine waits this long at most for a quiet machine, then runs it anyway. */
export const RERUN_QUIET_WAIT_MS = 10_000;
/**
 * A call's re-runs, waits included, stop once they have taken this long: a machine that never quiets costs about this.
 */
export const RERUN_BUDGET_MS = 60_000;

/** How the engine measures disturbed runs again (`npm run bench --quiet`, `/client/bench?rerunDisturbed=`). */
export interface RerunDisturbedOptions {
  /** Disturbed measured runs of each scenario measured again, at most; 0: none. */
  perScenario: number;
  /** For every re-run of the call together, waits included (RERUN_BUDGET_MS unless given). */
  budgetMs?: number;
  /**
   * Waits up to `limitMs` for a quiet machine before a re-run and says what it saw; waitForQuiet unless given (tests).
   */
  wait?: (disturbedAbove: number, limitMs: number) => Promise<string | null>;
}

/** A run as kept, and the disturbed measurements of it that were replaced (in the order they were made). */
export interface KeptRun {
  kept: RunSample;
  replaced: RunSample[];
}

/**
 * Which disturbed runs are measured again: at most `perScenario` for each plan, and none once the call's re-runs have
 * taken `budgetMs`. Before each re-run it waits (bounded) for other processes to use at most the threshold, so the
 * re-run has a chance to be quiet; a machine that stays busy is re-run anyway, and the count and budget end it.
 */
export class DisturbedReruns {
  private readonly left: number[];
  private spentMs = 0;
  private readonly budgetMs: number;
  private readonly wait: NonNullable<RerunDisturbedOptions['wait']>;
  /** Per plan: why a disturbed run was kept although re-runs were asked for. */
  readonly notes: Set<string>[];

  constructor(
    plans: number,
    readonly options: RerunDisturbedOptions,
    private readonly disturbedAbove: number,
  ) {
    this.left = Array.from({ length: plans }, () => options.perScenario);
    this.notes = Array.from({ length: plans }, () => new Set<string>());
    this.budgetMs = options.budgetMs ?? RERUN_BUDGET_MS;
    this.wait = options.wait ?? ((above, limitMs) => waitForQuiet(above, limitMs));
  }

  /** Plan `i`'s run, measured again while it is disturbed and re-runs are left. */
  async keep(i: number, first: RunSample, measure: () => Promise<RunSample>): Promise<KeptRun> {
    const replaced: RunSample[] = [];
    let kept = first;
    while (isDisturbed(kept.foreignCpuCores, this.disturbedAbove) && this.left[i] > 0) {
      if (this.spentMs >= this.budgetMs) {
        this.notes[i].add(`a disturbed run was kept: this call's re-runs had taken their ${this.budgetMs / 1000} s`);
        break;
      }
      this.left[i]--;
      replaced.push({ ...kept, disturbed: true });
      const started = performance.now();
      await this.wait(this.disturbedAbove, Math.min(RERUN_QUIET_WAIT_MS, this.budgetMs - this.spentMs));
      kept = await measure();
      this.spentMs += performance.now() - started;
    }
    return { kept: { ...kept, replacedDisturbed: replaced.length }, replaced };
  }
}
