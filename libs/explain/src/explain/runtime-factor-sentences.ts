import type { VariantVersus } from '@app/bench';
import type { CaseExplanation } from './explanation.interface';
import { effectOf, interval, times, tooFewRunsWords } from './sentence-parts';

const caseNameOf = (c: CaseExplanation) =>
  c.runtimeLabel && c.scenario.endsWith(`@${c.runtimeLabel}`)
    ? c.scenario.slice(0, -c.runtimeLabel.length - 1)
    : c.scenario;
const list = (items: string[]) =>
  items.length < 3 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * Each one-factor variant of a case across the runtimes it ran on (the runtimes preset's large case runs on the
 * explain preset's variants): "rows-100000, json-undici against json (client library): 0.60× (95% CI 0.58–0.62) on
 * Node 20.20.2, 0.50× (…) on Node 26.10.0." A factor is said to change with the runtime only where the intervals name
 * opposite sides. Cases and runtimes in the run's order; a factor on one runtime alone says nothing of the axis.
 */
export function runtimeFactorSentences(
  cases: readonly CaseExplanation[],
  runtimes: readonly { label: string; words: string }[],
): string[] {
  const words = new Map(runtimes.map((r) => [r.label, r.words]));
  const onAxis = cases.filter((c) => c.runtimeLabel && words.has(c.runtimeLabel));
  return [...new Set(onAxis.map(caseNameOf))].flatMap((caseName) => {
    const ofCase = runtimes.flatMap((r) =>
      onAxis.filter((c) => caseNameOf(c) === caseName && c.runtimeLabel === r.label),
    );
    const variants = [...new Set(ofCase.flatMap((c) => c.factors.map((f) => f.variant)))];
    return variants.flatMap((variant) => {
      const found = ofCase.flatMap((c) =>
        c.factors.filter((f) => f.variant === variant).map((f) => ({ f, words: words.get(c.runtimeLabel!)! })),
      );
      return found.length < 2 ? [] : [sentence(caseName, found)];
    });
  });
}

function sentence(caseName: string, found: { f: VariantVersus; words: string }[]): string {
  const { variant, against, factor } = found[0].f;
  const ratios = found.map(({ f, words }) => `${times(f.medianRatio)}${interval(f)} on ${words}`).join(', ');
  const on = (effect: ReturnType<typeof effectOf>) =>
    found.filter(({ f }) => effectOf(f) === effect).map(({ words }) => words);
  const [faster, slower] = [on('faster'), on('slower')];
  const changes =
    faster.length > 0 && slower.length > 0
      ? ` Its effect changes with the runtime: faster on ${list(faster)}, slower on ${list(slower)}.`
      : '';
  // An interval over too few runs names nothing, however narrow it looks (one run: a point).
  const few = found.filter(({ f }) => f.tooFewRuns);
  const fewWords =
    few.length > 0
      ? ` No verdict on ${list(few.map(({ words }) => words))}: ` +
        `${tooFewRunsWords(Math.min(...few.map(({ f }) => f.runsPerSide)))}.`
      : '';
  return `${caseName}, ${variant} against ${against}${factor ? ` (${factor})` : ''}: ${ratios}.${changes}${fewWords}`;
}
