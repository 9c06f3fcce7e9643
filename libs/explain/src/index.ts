export { blobBytesLine } from './printers/blob-bytes-line';
export * from './printers';
export type { CompareVerdict, RunComparison, ScenarioDiff, ScenarioKey } from './compare-runs/compare-runs';
export { compareRuns } from './compare-runs/compare-runs';
export { writeRunFiles, appendEndpointRuns } from './output/write-run-files';
export type { ExtraRunFiles } from './output/write-run-files';
export { RUN_FILES, SAVED_RUN_FILES, CONTENT_TYPES } from './output/run-files';
export type { RunKind } from './output/run-files';
export { readSavedRun, SavedRunError } from './output/read-saved-run';
export type { SavedRun } from './saved-run/saved-run';
export { isLoadRun } from './saved-run/saved-run';
export { writeAtomic } from './output/write-atomic';
export { LOAD_COLUMNS } from './printers/load-columns';
export { printLoadCsv } from './printers/load-csv.printer';
export { printLoadTable } from './printers/load-table.printer';
export { printLoadMarkdown } from './printers/load-markdown.printer';
export type { LoadComparison, LoadLevelDiff } from './compare-runs/compare-load-runs';
export { compareLoadRuns } from './compare-runs/compare-load-runs';
export { compareSavedRuns } from './compare-runs/compare-saved-runs';
export type { SavedRunComparison } from './compare-runs/compare-saved-runs';
export { printSavedRunComparison } from './printers/compare.printer';
export { printLoadComparison } from './printers/compare-load-table.printer';
export type {
  Explanation,
  CaseExplanation,
  PhaseGap,
  PhaseDelta,
  VariantFigures,
} from './explain/explanation.interface';
export { explainRun, explainScenarios } from './explain/explain-run';
export { explainSentences } from './explain/explain-sentences';
export { caseWords } from './explain/sentence-parts';
export { apartSentence, runsToTellApart } from './explain/apart-sentence';
export { explainComparison } from './explain/comparison-why';
export type { ComparisonWhy, ExplainedComparison } from './explain/comparison-why';
export { human } from './printers/table-columns';
export { lifetimePeakLegend, peakCell } from './printers/lifetime-peak';
export { ARTICLE_REFERENCE, ARTICLE_SOURCE_NOTE } from './printers/article-reference';
export type { ArticleCase } from './printers/article-reference';
export { articleMatches } from './printers/article-matches';
export type { ArticleMatch } from './printers/article-matches';
export { networkVerdicts } from './explain/network-verdicts';
export type { NetworkVerdicts, NetworkVerdictRow } from './explain/network-verdicts';
export { networkTable, NETWORK_LEGEND } from './printers/network-table';
export { runtimeVerdicts, runtimeWords } from './explain/runtime-verdicts';
export type { RuntimeVerdicts, RuntimeVerdictRow, PhaseMove } from './explain/runtime-verdicts';
export { runtimeTable, RUNTIME_LEGEND } from './printers/runtime-table';
export { connectPlacements, CONNECT_COMPARED_WITH } from './explain/connect-placements';
export type { ConnectPlacements, ConnectPlacement, ConnectVersus } from './explain/connect-placements';
export { connectTable, CONNECT_LEGEND } from './printers/connect-table';
export { sampleResult, samples } from './printers/fixtures/sample-run';
export { SAMPLE_RUN } from './printers/fixtures/sample-run';
