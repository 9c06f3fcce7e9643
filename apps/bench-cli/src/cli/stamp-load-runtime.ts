import { type LoadLevelResult, outsideProgram } from '@app/load';
import type { RuntimePair } from './runtime-blocks';
import { checkReportedRuntime } from './stamp-runtime';

/**
 * A load level of a runtime block, labelled with its runtime once each process has said itself that it runs the node it
 * was started on: the generator in its result (its own process.versions), the server in its own report. Either on
 * another node fails the run in one line (as the bench's stampRuntime), rather than file the level under the wrong
 * runtime. `round` is recorded when there are several. ghz levels have no node generator: only their server is checked,
 * and a note says why the generator's is empty.
 */
export function stampLoadRuntime(
  level: LoadLevelResult,
  pair: RuntimePair,
  round: number | null = null,
): LoadLevelResult {
  const what = `${level.name} ${level.transport}/${level.targetKind}`;
  // An outside engine (ghz) runs on no node: only the server's runtime can be checked.
  const outside = outsideProgram(level.engine);
  if (!outside)
    checkReportedRuntime(`the load generator of ${what}`, level.runtime?.generator ?? null, pair.client, pair.label);
  checkReportedRuntime(
    `the ${level.target.server} loaded by ${what}`,
    level.runtime?.server ?? null,
    pair.server,
    pair.label,
  );
  const notes = outside
    ? [
        ...level.notes,
        `runtime ${pair.label}: the servers ran on it; the load came from ` +
          `${level.engine} (${outside.language}), so no node version is recorded for the generator`,
      ]
    : level.notes;
  return {
    ...level,
    runtime: {
      generator: level.runtime?.generator ?? null,
      server: level.runtime?.server ?? null,
      label: pair.label,
      ...(round === null ? {} : { round }),
    },
    notes,
  };
}
