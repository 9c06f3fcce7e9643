import type { PhaseField } from '@app/bench';
import type { BenchRun } from '@app/bench';
import type { ResultRuntime, RunSample, ScenarioResult } from '@app/bench';
import { valuesByInvocation } from '@app/bench';
import { twoLevelMedianRatio } from '@app/bench';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import { STACK_FIELDS } from '@app/bench';
import { runtimeSentences } from './runtime-sentences';
import { runtimeFactorSentences } from './runtime-factor-sentences';
import { explainRun } from './explain-run';
import type { PhaseMove, RuntimeVerdictRow, RuntimeVerdicts } from './runtime-verdicts.interface';
import { transportRatioOf } from './transport-ratio';

export type { PhaseMove, RuntimeVerdictRow, RuntimeVerdicts } from './runtime-verdicts.interface';

// A phase that moved by less than this share of its side's request time on the reference runtime is not worth a clause.
const MIN_SHARE_OF_REQUEST = 0.05;

const labelOf = (r: ScenarioResult) => r.runtime?.label;
const caseOf = (r: ScenarioResult) =>
  labelOf(r) && r.name.endsWith(`@${labelOf(r)}`) ? r.name.slice(0, -labelOf(r)!.length - 1) : r.name;

/** "Node 26.10.0", or both processes' versions when the servers and the client ran on different ones. */
export function runtimeWords(runtime: ResultRuntime): string {
  const client = runtime.client.nodeVersion;
  const server = runtime.server?.nodeVersion;
  return !server || server === client ? `Node ${client}` : `servers on Node ${server}, client on Node ${client}`;
}

/**
 * gRPC against JSON per case on each runtime of the axis (`--node`, the runtimes preset), and which phases moved
 * against the first runtime. Null unless the run has results on two or more runtimes.
 */
export function runtimeVerdicts(run: BenchRun): RuntimeVerdicts | null {
  const labelled = run.scenarios.filter((r) => labelOf(r) !== undefined);
  const order = run.runtimes?.map((p) => p.label) ?? [];
  const labels = [...new Set([...order, ...labelled.map((r) => labelOf(r)!)])].filter((l) =>
    labelled.some((r) => labelOf(r) === l),
  );
  if (labels.length < 2) return null;
  const words = new Map(labelled.map((r) => [labelOf(r)!, runtimeWords(r.runtime!)]));
  const runtimes = labels.map((label) => ({ label, words: words.get(label)! }));
  const find = (caseName: string, label: string, variant: string) =>
    labelled.find((r) => caseOf(r) === caseName && labelOf(r) === label && r.variant === variant);
  const rows: RuntimeVerdictRow[] = [];
  const moves: PhaseMove[] = [];
  for (const caseName of [...new Set(labelled.map(caseOf))]) {
    const [reference, ...others] = runtimes;
    for (const runtime of runtimes) {
      const json = find(caseName, runtime.label, 'json');
      const grpc = find(caseName, runtime.label, 'grpc');
      if (json && grpc) rows.push(row(caseName, runtime, json, grpc));
    }
    for (const runtime of others) {
      const found = (['json', 'grpc'] as const).flatMap((side) => {
        const before = find(caseName, reference.label, side);
        const after = find(caseName, runtime.label, side);
        return before && after ? phaseMoves(caseName, runtime, side, before, after) : [];
      });
      moves.push(...found.sort((a, b) => Math.abs(b.ms - b.referenceMs) - Math.abs(a.ms - a.referenceMs)));
    }
  }
  if (new Set(rows.map((r) => r.runtime)).size < 2) return null;
  const verdicts = { runtimes, rows, moves };
  // Then each one-factor variant across the runtimes, where a case ran on more than json and grpc (the runtimes
  // preset's large case).
  return {
    ...verdicts,
    sentences: [...runtimeSentences(verdicts), ...runtimeFactorSentences(explainRun(run).cases, runtimes)],
  };
}

function row(
  caseName: string,
  runtime: { label: string; words: string },
  json: ScenarioResult,
  grpc: ScenarioResult,
): RuntimeVerdictRow {
  return {
    caseName,
    mode: json.mode,
    rowsPerRequest: json.rowsPerRequest,
    requests: json.requests,
    runtime: runtime.label,
    runtimeWords: runtime.words,
    ...transportRatioOf(grpc, json),
  };
}

/** One phase's per-run values grouped by invocation; runs without it left out. */
const phaseByInvocation = (runs: readonly RunSample[], field: PhaseField): number[][] =>
  valuesByInvocation(runs, (r) => r.phases?.[field]);

/**
 * The phases of one side whose time on `runtime` the runs tell apart from the reference runtime's: the ratio of the
 * phase's medians with the same bootstrap as every ratio here, named only where its 95% interval excludes 1, each
 * side with at least MIN_RUNS_FOR_VERDICT runs, and only a change worth a clause (MIN_SHARE_OF_REQUEST).
 */
function phaseMoves(
  caseName: string,
  runtime: { label: string; words: string },
  side: 'json' | 'grpc',
  before: ScenarioResult,
  after: ScenarioResult,
): PhaseMove[] {
  return STACK_FIELDS.flatMap((field) => {
    const a = phaseByInvocation(before.runs, field);
    const b = phaseByInvocation(after.runs, field);
    if (Math.min(a.flat().length, b.flat().length) < MIN_RUNS_FOR_VERDICT) return [];
    // Invocation k of each runtime is its block of round k: the two ran next to each other, so the two-level
    // bootstrap's same draw of rounds for both sides keeps what a round shares (the machine's state then).
    const ratio = twoLevelMedianRatio(a, b);
    const referenceMs = before.phases?.[field];
    const ms = after.phases?.[field];
    if (!ratio || typeof referenceMs !== 'number' || typeof ms !== 'number') return [];
    if (ratio.low <= 1 && ratio.high >= 1) return [];
    // Per request, as the phases are: a parallel run's wall time holds many requests.
    if (Math.abs(ms - referenceMs) < MIN_SHARE_OF_REQUEST * (before.phases?.requestMs ?? before.stats.medianMs))
      return [];
    return [{ caseName, runtime: runtime.label, runtimeWords: runtime.words, side, field, referenceMs, ms, ratio }];
  });
}
