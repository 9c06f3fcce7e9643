import type { STACK_FIELDS } from '@app/bench';
import type { PhaseMove, RuntimeVerdictRow, RuntimeVerdicts } from './runtime-verdicts.interface';
import { caseWords, endWithNoise, interval, ms, times, tooFewRunsWords } from './sentence-parts';
import { poolNoise } from './case-noise';

/** Whose phase it is, and its name: "the JSON server's serialize phase", "JSON's transfer". */
const PHASE_PARTS: Record<(typeof STACK_FIELDS)[number], { process: 'server' | 'client' | null; words: string }> = {
  serverGenerateMs: { process: 'server', words: 'row generation' },
  serverSerializeMs: { process: 'server', words: 'serialize phase' },
  serverCompressMs: { process: 'server', words: 'compression' },
  waitOtherMs: { process: null, words: 'rest of the wait for the first byte' },
  transferMs: { process: null, words: 'transfer' },
  clientDecompressMs: { process: 'client', words: 'decompression' },
  clientDecodeMs: { process: 'client', words: 'decode phase' },
  clientOtherMs: { process: 'client', words: 'plumbing after the last byte' },
};

// A case's phase sentence names at most this many phases per runtime (the largest changes).
const MAX_MOVES = 3;

const SIDE = { json: 'JSON', grpc: 'gRPC' } as const;

/** "the JSON server's serialize phase", "gRPC's transfer". */
export function phaseOfSide(move: Pick<PhaseMove, 'side' | 'field'>): string {
  const part = PHASE_PARTS[move.field as keyof typeof PHASE_PARTS];
  return part.process ? `the ${SIDE[move.side]} ${part.process}'s ${part.words}` : `${SIDE[move.side]}'s ${part.words}`;
}

/**
 * Per case, the gRPC/JSON ratio on each runtime and whether the verdict changes with the runtime; then, per runtime
 * after the first, the phases that moved against the first's. Only sides and phases whose 95% interval excludes 1
 * are named, as in every other explain sentence.
 */
export function runtimeSentences(verdicts: Pick<RuntimeVerdicts, 'runtimes' | 'rows' | 'moves'>): string[] {
  const reference = verdicts.runtimes[0];
  const cases = [...new Set(verdicts.rows.map((r) => r.caseName))];
  return cases.flatMap((caseName) => {
    const rows = verdicts.rows.filter((r) => r.caseName === caseName);
    const moves = verdicts.runtimes.slice(1).flatMap((runtime) => {
      const found = verdicts.moves
        .filter((m) => m.caseName === caseName && m.runtime === runtime.label)
        .slice(0, MAX_MOVES);
      return found.length > 0 ? [movesSentence(caseName, reference.words, found)] : [];
    });
    return [endWithNoise(verdictSentence(rows), poolNoise(rows.map((r) => r.noise))), ...moves];
  });
}

const ratioText = (r: RuntimeVerdictRow) => `${times(r.ratio)}${interval(r)} on ${r.runtimeWords}`;
const list = (items: string[]) =>
  items.length < 3 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** One case across its runtimes, in the run's order: which side the runs name where, and whether that changes. */
function verdictSentence(rows: RuntimeVerdictRow[]): string {
  const head = `${rows[0].caseName} (${caseWords(rows[0])}): gRPC/JSON ${rows.map(ratioText).join(', ')}.`;
  const on = (verdict: RuntimeVerdictRow['verdict']) =>
    rows.filter((r) => r.verdict === verdict).map((r) => r.runtimeWords);
  const [grpc, json, unsure, few] = [on('grpc'), on('json'), on('cannot tell'), on('too few runs')];
  const fewWords =
    few.length > 0
      ? tooFewRunsWords(Math.min(...rows.filter((r) => r.verdict === 'too few runs').map((r) => r.runsPerSide)))
      : '';
  const caveats = [
    ...(unsure.length > 0
      ? [`the runs cannot tell them apart on ${list(unsure)}: the ratio's 95% interval spans 1`]
      : []),
    ...(few.length > 0 ? [`no verdict on ${list(few)}: ${fewWords}`] : []),
  ];
  const caveat = caveats.length > 0 ? ` (${caveats.join('; ')})` : '';
  if (few.length === rows.length) return `${head} No verdict on any runtime: ${fewWords}.`;
  if (grpc.length === 0 && json.length === 0) {
    // Every ratio's interval spans 1 (or too few runs): say it once, not again as a caveat.
    const fewCaveat = few.length > 0 ? ` (no verdict on ${list(few)}: ${fewWords})` : '';
    return (
      `${head} The runs cannot tell JSON and gRPC apart on any runtime: each ratio's 95% interval spans ` +
      `1${fewCaveat}.`
    );
  }
  if (grpc.length > 0 && json.length > 0) {
    return (
      `${head} The verdict changes with the runtime: gRPC is faster on ` +
      `${list(grpc)}, JSON on ${list(json)}${caveat}.`
    );
  }
  const side = grpc.length > 0 ? 'gRPC' : 'JSON';
  // One runtime told apart says nothing of a change: the others could not be compared with it.
  if (grpc.length + json.length === 1) return `${head} ${side} is faster on ${list([...grpc, ...json])} only${caveat}.`;
  return (
    `${head} ${side} is faster on every runtime where the runs tell them apart: the verdict does not ` +
    `change with the runtime${caveat}.`
  );
}

/**
 * "1-3 on Node 26.10.0, against Node 20.20.2: the JSON server's serialize phase is 0.55× Node 20.20.2's (95% CI ...;
 * 120 ms → 66 ms)."
 */
function movesSentence(caseName: string, referenceWords: string, moves: PhaseMove[]): string {
  const parts = moves.map(
    (m, i) =>
      `${phaseOfSide(m)} is ${times(m.ratio.ratio)}${i === 0 ? ` ${referenceWords}'s` : ''}${interval({
        ratioCi: m.ratio,
      }).replace(new RegExp(String.raw`\)$` + String.raw``), '')}; ${ms(m.referenceMs)} → ${ms(m.ms)})`,
  );
  return `${caseName} on ${moves[0].runtimeWords}, against ${referenceWords}: ${parts.join(', ')}.`;
}
