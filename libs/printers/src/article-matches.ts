import { runtimeWords } from '@app/explain';
import type { BenchRun } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { ARTICLE_REFERENCE, type ArticleCase } from './article-reference';

/** One of the article's cases as the run measured it on one runtime (or on the run's only one). */
export interface ArticleMatch {
  article: ArticleCase;
  /** The runtime in words ("Node 22.23.3", runtimeWords); null for a run without a runtime axis. */
  runtime: string | null;
  json?: ScenarioResult;
  grpc?: ScenarioResult;
}

/**
 * The article's cases in a run, case by case: once each without a runtime axis, else once per runtime of the axis,
 * in the run's order (`--node` names each case <case>@<runtime label>), so the article's table has a row per case
 * and runtime rather than none.
 */
export function articleMatches(run: BenchRun): ArticleMatch[] {
  const labels = runtimeLabels(run);
  const words = runtimeNames(run);
  return ARTICLE_REFERENCE.flatMap((article) =>
    labels.map((label) => {
      const name = label === null ? article.name : `${article.name}@${label}`;
      // By variant, not transport: json-undici's transport is json too.
      const find = (variant: string) => run.scenarios.find((r) => r.name === name && r.variant === variant);
      const json = find('json');
      const grpc = find('grpc');
      return { article, runtime: label === null ? null : (words.get(label) ?? label), json, grpc };
    }),
  );
}

/** Each runtime label in words, as the "By runtime" table names it: from the axis as planned, else from a result. */
function runtimeNames(run: BenchRun): Map<string, string> {
  const planned = (run.runtimes ?? []).map((p): [string, string] => [
    p.label,
    runtimeWords({ client: p.client, server: p.server }),
  ]);
  const measured = run.scenarios
    .filter((r) => r.runtime?.label !== undefined)
    .map((r): [string, string] => [r.runtime!.label!, runtimeWords(r.runtime!)]);
  return new Map([...measured, ...planned]);
}

/** The runtime labels of the axis (the planned ones first, in order), or [null] for a run without one. */
function runtimeLabels(run: BenchRun): (string | null)[] {
  const measured = run.scenarios.map((r) => r.runtime?.label).filter((l): l is string => l !== undefined);
  const labels = [...new Set([...(run.runtimes?.map((p) => p.label) ?? []), ...measured])];
  return labels.length > 0 ? labels : [null];
}
