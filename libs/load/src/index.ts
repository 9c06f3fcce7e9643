export type { LoadLevelSpec, LoadLevelResult } from './load-level.interface';
export { findGhz } from './outside/find-ghz';
export { findH2load } from './outside/find-h2load';
export { missingEnginePrograms } from './outside/engine-programs';

export { runLoadLevel } from './run-load-level';
export type { GeneratorLauncher } from './generator-launcher';

export { useParentBlobBytes } from './generator-blob-bytes';
export { removeRunNow, removeRunServices, swarmGenerators, swarmRunId } from './swarm/swarm-generators';
export { runGeneratorTask } from './swarm/run-generator-task';
export { swarmUnreadyReason } from './swarm/swarm-preflight';
export { RUN_LABEL } from './swarm/swarm-job-args';
export { docker, dockerOk } from './swarm/docker-cli';
export { hasStarted, jobTasks, swarmNodes } from './swarm/swarm-tasks';
export { swarmNodeAddress } from './swarm/swarm-node-address';
export { levelShape, shapeTag } from './level-shape';
export { levelTooLarge } from './level-admission';
export { LoadSweep } from './load-sweep';
export { defaultSweep, defaultSweepText } from './default-sweep';
export type { LoadRun } from './load-run.interface';

export { isTimeoutKind } from './error-kind';
export { sampleLevel } from './fixtures/sample-level';
export { timedOutLevel } from './fixtures/sample-level';

export {
  validateLoadLevel,
  LOAD_DEFAULTS,
  TARGET_KINDS,
  LOAD_ENGINES,
  LOAD_TRANSPORT_KINDS,
} from './level-params/validate-load-level';
export { loadTarget, loadVariantOf, LOAD_VARIANTS } from './level-params/load-target';
export type { LoadVariantName } from './level-params/load-target';
export type { LoadLevelInput, LoadLevelParams, LoadEngine } from './level-params/validate-load-level';
export { DEFAULT_LOAD_ENGINE, nonDefaultEngine, outsideProgram } from './level-params/load-engines';
