// The words over saved runs of both kinds: explainRun (the gRPC/JSON gap by phase, each variant against its
// baseline), the verdict phrases and sentences, comparing two saved runs, and SavedRun itself. libs/printers turns
// them into files.
export type { SavedRun } from './saved-run/saved-run';
export { isLoadRun } from './saved-run/saved-run';

export { compareSavedRuns } from './compare-runs/compare-saved-runs';
export type { SavedRunComparison } from './compare-runs/compare-saved-runs';
export type { RunComparison, ScenarioDiff, ScenarioKey } from './compare-runs/compare-runs';
export type { LoadComparison } from './compare-runs/compare-load-runs';

export type { CaseExplanation, Explanation, PhaseGap } from './explain/explanation.interface';
export { explainRun } from './explain/explain-run';
export { explainSentences } from './explain/explain-sentences';
export { caseWords, effectOf, PHASE_WORDS } from './explain/sentence-parts';
export { loadNoiseSentence } from './explain/load-noise-sentence';
export { serializerSentence, shapeSentences } from './explain/shape-sentences';

export { explainComparison } from './explain/comparison-why';
export type { ExplainedComparison } from './explain/comparison-why';
export { networkVerdicts } from './explain/network-verdicts';
export type { NetworkVerdicts } from './explain/network-verdicts';

export { runtimeVerdicts, runtimeWords } from './explain/runtime-verdicts';
export type { RuntimeVerdictRow, RuntimeVerdicts } from './explain/runtime-verdicts';

export { connectPlacements, CONNECT_COMPARED_WITH } from './explain/connect-placements';
export { floorPlacements } from './explain/floor-placements';
export type { FloorPlacements } from './explain/floor-placements';
export type { ConnectPlacement, ConnectPlacements, ConnectVersus } from './explain/connect-placements';

export { FORMULA_NAME, SAMPLE_LABEL, SAMPLE_RUN, sampleResult, samples } from './fixtures/sample-run';
export { caseOnRuntime, NODE20, NODE26, runtimesRun } from './fixtures/runtime-results';
export { JSON_PHASES_CELLS } from './fixtures/json-phases-cells';
