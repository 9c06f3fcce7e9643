import { VARIANTS, type ProcessRuntime, type ScenarioResult } from '@app/bench';
import type { ResolvedRuntime } from '@app/runtimes';
import type { RuntimePair } from './runtime-blocks';

/**
 * A block's results, labelled with its runtime, once each process has said itself that it runs the node it was
 * started on: the client in the result (the engine's own process.versions), the server from its own report. A
 * process on another node (a binary that is not what it was probed as, an app someone else started) fails the run
 * in one line rather than put its figures under the wrong runtime.
 */
export function stampRuntime(results: ScenarioResult[], pair: RuntimePair): ScenarioResult[] {
  for (const result of results) {
    const what = `${result.name} ${result.variant}`;
    checkReportedRuntime(`the client measuring ${what}`, result.runtime?.client ?? null, pair.client, pair.label);
    // A Go reference server runs no node: the runtime compared is the client's alone there.
    if (VARIANTS[result.variant]?.native) continue;
    checkReportedRuntime(
      `the ${result.target.server} answering ${what}`,
      result.runtime?.server ?? null,
      pair.server,
      pair.label,
    );
  }
  return results.map((r) => ({ ...r, runtime: { ...r.runtime!, label: pair.label } }));
}

/**
 * One process's own word on its node against the runtime it was started on: a missing or other version throws, in one
 * line.
 */
export function checkReportedRuntime(
  who: string,
  reported: ProcessRuntime | null,
  expected: ResolvedRuntime,
  label: string,
): void {
  if (reported === null) {
    throw new Error(
      `node runtime ${label}: ${who} did not report its node version (SERVER_RESOURCES off there?), so the ` +
        `run cannot say which runtime measured it`,
    );
  }
  if (reported.nodeVersion !== expected.nodeVersion) {
    throw new Error(
      `node runtime ${label}: ${who} reports node ` +
        `${reported.nodeVersion}, not the ${expected.nodeVersion} it was started on (${expected.path})`,
    );
  }
}
