import type { GeneratorResult, GeneratorTask, LoadLevelSpec } from './load-level.interface';

/**
 * What a level's generators returned: the results of the shares that succeeded and, where tasks ran them, which where.
 */
export interface LaunchedGenerators {
  results: GeneratorResult[];
  /** Per share, on a swarm: the node and final state of its task, and why its share failed (error). */
  tasks?: GeneratorTask[];
}

/**
 * Where a level's shares run: processes here (local-generators.ts) or the tasks of a swarm job (swarm/). Each calls
 * onWindow once per share and edge as it happens, so the server probe brackets the measured window, and rejects
 * with RunCancelledError when the signal aborts.
 */
export type GeneratorLauncher = (
  parts: LoadLevelSpec[],
  onWindow: (edge: 'start' | 'end') => void,
  signal?: AbortSignal,
) => Promise<LaunchedGenerators>;
