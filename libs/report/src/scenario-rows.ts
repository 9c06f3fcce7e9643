import { shapeOf, type BenchRun, type ScenarioResult } from '@app/bench';
import { DEFAULT_SHAPE } from '@app/shapes';

/** A scenario result with the index of the saved run it comes from. */
export interface RunScenario {
  runIndex: number;
  run: BenchRun;
  result: ScenarioResult;
}

/** Every measured scenario result of the bench runs, each tagged with its run (index among all the report's runs). */
export function measuredScenarios(runs: readonly { run: BenchRun; runIndex: number }[]): RunScenario[] {
  return runs.flatMap(({ run, runIndex }) =>
    run.scenarios.filter((r) => r.stats.n > 0).map((result) => ({ runIndex, run, result })),
  );
}

/** Groups in first-seen order, by a key built from each item. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export const variantOf = (r: ScenarioResult): string => r.variant;

/**
 * What a chart's line or series stands for: the variant, and the message shape when it is not the article's row
 * ("grpc · numeric"), so results of two shapes never share a line; a run of rows alone reads as before shapes.
 */
export const lineOf = (r: ScenarioResult): string =>
  shapeOf(r) === DEFAULT_SHAPE ? variantOf(r) : `${variantOf(r)} · ${shapeOf(r)}`;
