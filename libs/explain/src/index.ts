export { blobBytesLine } from './printers/blob-bytes-line';
export * from './printers';

export { writeRunFiles, appendEndpointRuns } from './output/write-run-files';

export { RUN_FILES, SAVED_RUN_FILES, CONTENT_TYPES } from './output/run-files';
export type { RunKind } from './output/run-files';
export { readSavedRun, SavedRunError } from './output/read-saved-run';
export type { SavedRun } from './saved-run/saved-run';
export { isLoadRun } from './saved-run/saved-run';
export { writeAtomic } from './output/write-atomic';
export { LOAD_COLUMNS } from './printers/load-columns';

export { compareSavedRuns } from './compare-runs/compare-saved-runs';

export { printSavedRunComparison } from './printers/compare.printer';

export type { CaseExplanation } from './explain/explanation.interface';
export { explainRun } from './explain/explain-run';
export { explainSentences } from './explain/explain-sentences';
export { caseWords } from './explain/sentence-parts';

export { explainComparison } from './explain/comparison-why';
export type { ExplainedComparison } from './explain/comparison-why';
export { human } from './printers/table-columns';
export { lifetimePeakLegend, peakCell } from './printers/lifetime-peak';
export { ARTICLE_REFERENCE, ARTICLE_SOURCE_NOTE } from './printers/article-reference';
export type { ArticleCase } from './printers/article-reference';
export { articleMatches } from './printers/article-matches';
export type { ArticleMatch } from './printers/article-matches';
export { networkVerdicts } from './explain/network-verdicts';

export { networkTable } from './printers/network-table';
export { runtimeVerdicts } from './explain/runtime-verdicts';
export type { RuntimeVerdictRow } from './explain/runtime-verdicts';

export { connectPlacements, CONNECT_COMPARED_WITH } from './explain/connect-placements';
export type { ConnectPlacement, ConnectVersus } from './explain/connect-placements';

export { sampleResult, samples } from './printers/fixtures/sample-run';
export { SAMPLE_RUN } from './printers/fixtures/sample-run';
