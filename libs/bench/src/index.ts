export type { Scenario, Mode, TransportKind } from './scenario/scenario.interface';
export { TRANSPORT_KINDS } from './scenario/scenario.interface';
export {
  VARIANTS,
  VARIANT_NAMES,
  ARTICLE_TRANSPORTS,
  familyBaseline,
  GZIP_SUFFIX,
  GZIP_ALIAS_NOTE,
  variantNamed,
  isStreamingVariant,
  parseVariants,
  variantPath,
} from './scenario/variants';
export type { PathName, VariantName, VariantInfo } from './scenario/variants';

export type { ScenarioInput } from './scenario/validate-scenario';
export { validateScenario } from './scenario/validate-scenario';
export { ScenarioValidationError, ScenarioRangeError } from './scenario/scenario-validation.error';

export { checkCallWork, callWork, callRequests } from './scenario/check-call-work';
export { serializerRefusal, shapeRefusal } from './scenario/check-serializer-shape';
export type { TargetKind } from './scenario/variant-info';
export { integerParam } from './scenario/integer-param';
export { shapeParam } from './scenario/shape-param';
export { errorOf } from './scenario/fixtures/error-of';

export type {
  RowsTransport,
  RowForm,
  FetchedRows,
  TargetInfo,
  ClientPhases,
  RowSink,
  StreamedRows,
  StreamingRowsTransport,
} from './transport-contract/rows-transport.interface';
export type { TransportFailure } from './transport-contract/transport-errors';
export { TransportError } from './transport-contract/transport-errors';
export { isStreamingTransport } from './transport-contract/is-streaming-transport';

export { executeRun } from './run/execute-run';
export type { Plan } from './run/plan.interface';
export type { RunEvent } from './run/run-scenarios';
export { runScenarios } from './run/run-scenarios';
export { RunProgress } from './run/run-progress';
export type { ProgressSnapshot } from './run/run-progress';
export { PayloadMismatchError } from './run/payload-mismatch.error';
export { RunCancelledError } from './run/run-cancelled.error';
export { expectedDigest } from './run/expected-digest';
export { shapeOf } from './result/shape-of';
export { aggregate } from './aggregate/aggregate';
export type { MedianInterval } from './stats/order-statistics';
export { MEDIAN_CI_LEVEL, medianConfidenceInterval, percentile, sortAscending } from './stats/order-statistics';

export { compareMedians } from './stats/compare-medians';
export type { LatencySummaryMs } from './stats/latency-histogram';
export { LatencyHistogram, LATENCY_HISTOGRAM } from './stats/latency-histogram';
export type { RunSample, ScenarioResult } from './result/result.interface';
export type { Comparison } from './result/compare-results';
export { compareResults } from './result/compare-results';
export type { VariantComparison, VariantVersus } from './result/compare-variants';
export { compareVariants, versusOf } from './result/compare-variants';
export type { RatioEstimate } from './stats/bootstrap-ratio';
export { twoLevelMedianRatio } from './stats/bootstrap-ratio';
export { MIN_RUNS_FOR_VERDICT } from './stats/min-runs-for-verdict';

export { aggregateRuns } from './aggregate/aggregate-runs';
export { mergeInvocations, stampInvocation } from './aggregate/merge-invocations';
export { DEFAULT_DISTURBED_ABOVE, judgeNoise } from './noise/judge-noise';
export type { MachineLook } from './noise/look-at-machine';
export { LOOK_MS, lookAtMachine } from './noise/look-at-machine';
export { waitForQuiet } from './noise/wait-for-quiet';
export { DEFAULT_RERUN_DISTURBED, MAX_RERUN_DISTURBED } from './noise/disturbed-reruns';
export { invocationOf } from './result/runs-by-invocation';

export { tellApart } from './result/tell-apart';
export type { PhaseBreakdown, PhaseField } from './phases/phases.interface';

export { MODES } from './scenario/scenario.interface';

export type { NetworkConditions, SocketsCapped, ProcessRuntime, ResultRuntime } from './result/result.interface';
export type { BenchRun, RunRecord, RunRuntimePair } from './result/bench-run.interface';
export type { ProbeWindow, ResourceSample } from './resources/resource-probe';
export { beginSelfReport } from './resources/server-self-report';

export { ResourceProbe } from './resources/resource-probe';

export { processCpuMs } from './resources/proc-readers';

export type { RelayTransportFactory } from './run/measure-wire';

export { collectEnvironment } from './environment/collect-environment';
export { runtimesLine } from './result/runtimes-line';

export { phaseStack, STACK_PHASES } from './phases/phase-stack';
export type { PhaseStack } from './phases/phase-stack';
export { scenarioWallParts } from './aggregate/median-run';
export { WALL_PARTS } from './phases/wall-parts';
export type { WallPart, WallParts } from './phases/wall-parts';
export { wireDifferences } from './scenario/wire-traits';

export { CONNECT_CALLS } from './scenario/connect-variants';
export type { ConnectCall, ConnectProtocol, ConnectVariantName } from './scenario/connect-variants';
export { isDisturbed } from './noise/judge-noise';
export { grpcFailure } from './transport-contract/transport-errors';
export { requestPhases } from './phases/request-phases';
export { valuesByInvocation } from './result/runs-by-invocation';
export { STACK_FIELDS } from './phases/phases.interface';
export { roundMicros } from './round-micros';
export { RESULT_SCHEMA_VERSION } from './result/schema-version';
export { runtimePairsLine } from './result/runtimes-line';
