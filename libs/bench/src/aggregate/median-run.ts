import type { RunSample, ScenarioResult } from '../result/result.interface';
import { combinePhases } from '../phases/combine-phases';
import type { PhaseBreakdown } from '../phases/phases.interface';
import { attributeWall, meanWallParts, type WallParts } from '../phases/wall-parts';

/**
 * The runs a scenario's median comes from: the middle one of an odd count, the two middle ones of an even count (the
 * median is then their mean). A breakdown taken from them adds up to the median itself, where medians taken phase by
 * phase need not add up to anything.
 */
export function middleRuns<T extends Pick<RunSample, 'ms'>>(runs: readonly T[]): T[] {
  if (runs.length === 0) return [];
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? [sorted[mid]] : [sorted[mid - 1], sorted[mid]];
}

/** The median run's per-request phases (means over its requests); null when a middle run has none. */
export function medianRunPhases(runs: readonly RunSample[]): PhaseBreakdown | null {
  const middle = middleRuns(runs);
  if (middle.some((r) => !r.phases)) return null;
  return combinePhases(middle.map((r) => r.phases!));
}

/**
 * The median run's wall time in parts (wall-parts.ts), from its critical path. Files written before runs kept their
 * path still have it for one-request runs, whose one request is the path; a parallel run without it has none (null).
 */
export function scenarioWallParts(result: Pick<ScenarioResult, 'runs' | 'requests'>): WallParts | null {
  const middle = middleRuns(result.runs);
  const paths = middle.map(
    (r) => r.path ?? (result.requests === 1 && r.phases ? { wallMs: r.ms, queueMs: 0, phases: r.phases } : null),
  );
  if (paths.length === 0 || paths.some((p) => p === null)) return null;
  return meanWallParts(paths.map((p) => attributeWall(p!)));
}
