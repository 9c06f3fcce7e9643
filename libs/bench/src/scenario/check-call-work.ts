import type { Scenario } from './scenario.interface';
import { ScenarioValidationError } from './scenario-validation.error';

/** The wire pass (run/measure-wire.ts): one 1-row run of the same shape to open connections, then one counted run. */
export function wirePassRows(s: Scenario): number {
  return s.requests * (1 + s.rowsPerRequest);
}

/**
 * Rows one call would fetch in all: rows x requests x (warm-up + measured runs), + the wire pass when asked,
 * summed over the call's transports. Each parameter may be within its own limit and the product still be
 * minutes of CPU on both sides, so the product has a limit of its own.
 */
export function callWork(scenarios: readonly Scenario[], wire: boolean): number {
  return scenarios.reduce(
    (sum, s) => sum + s.rowsPerRequest * s.requests * (s.warmup + s.runs) + (wire ? wirePassRows(s) : 0),
    0,
  );
}

/**
 * Requests one call would send in all: requests x (warm-up + measured runs), + the wire pass's two runs when asked,
 * summed over the call's transports. Each request costs a round trip's work on both sides whatever its rows.
 */
export function callRequests(scenarios: readonly Scenario[], wire: boolean): number {
  return scenarios.reduce((sum, s) => sum + s.requests * (s.warmup + s.runs + (wire ? 2 : 0)), 0);
}

/** Refuses a call whose work is over MAX_CALL_ROWS, before anything is sent. */
export function checkCallWork(scenarios: readonly Scenario[], wire: boolean, maxCallRows: number): void {
  const work = callWork(scenarios, wire);
  if (work <= maxCallRows) return;
  const s = scenarios[0];
  const runs = `${s.warmup} warm-up + ${s.runs} runs${wire ? ' + the wire pass' : ''}`;
  throw new ScenarioValidationError(
    'MAX_CALL_ROWS',
    { max: maxCallRows },
    `this call would fetch ${work} rows ` +
      `(${s.rowsPerRequest} rows x ${s.requests} requests x (${runs}) x ${scenarios.length} ` +
      `transport${scenarios.length === 1 ? '' : 's'}), over MAX_CALL_ROWS ` +
      `${maxCallRows}; ask for fewer rows, requests or runs`,
    work,
  );
}
