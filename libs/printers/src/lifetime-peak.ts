import type { ScenarioResult } from '@app/bench';

/** What marks a peak RSS that is the process's lifetime peak: the case's own peak is at most this. */
export const LIFETIME_MARK = '≤';

/** A peak RSS cell as printed, marked when it is a lifetime peak; an empty cell stays empty. */
export function peakCell(text: string, lifetime: boolean | undefined): string {
  return text !== '' && lifetime ? `${LIFETIME_MARK}${text}` : text;
}

/**
 * The legend's sentence for the mark, to follow a table's legend; empty when no peak of these results is a lifetime
 * one, so a run whose peaks are all its own reads as before.
 */
export function lifetimePeakLegend(results: readonly ScenarioResult[]): string {
  const any = results.some((r) => r.resources.clientPeakIsLifetime || r.resources.serverPeakIsLifetime);
  return any
    ? ` ${LIFETIME_MARK} before a peak RSS: VmHWM could not be reset on this machine, so the figure is the ` +
        `process's lifetime peak (since it started), an upper bound of this case's peak, not its own.`
    : '';
}
