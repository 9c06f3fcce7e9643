import type { Mode } from '@app/bench';

/** One case as the article published it: times in ms, the mean of 3 runs on one 2022 laptop. */
export interface ArticleCase {
  /** Equals the scenario name in the article preset. */
  name: string;
  mode: Mode;
  rowsPerRequest: number;
  requests: number;
  jsonMs: number;
  grpcMs: number;
}

/**
 * The presets that run the article's cases under its names (all seven, or the explain preset's four): their outputs
 * compare them with the article.
 */
export const PRESETS_WITH_ARTICLE_CASES: readonly string[] = ['article', 'runtimes', 'connect', 'full', 'explain'];

export const ARTICLE_SOURCE_NOTE = 'ms, mean of 3 runs, one 2022 laptop';

// Copied from the article's tables; kept apart so a reader can check them against the source in one place.
export const ARTICLE_REFERENCE: readonly ArticleCase[] = [
  { name: '1-1', mode: 'single', rowsPerRequest: 1, requests: 1, jsonMs: 2.94, grpcMs: 2.83 },
  { name: '1-2', mode: 'single', rowsPerRequest: 10_000, requests: 1, jsonMs: 47.22, grpcMs: 94.66 },
  { name: '1-3', mode: 'single', rowsPerRequest: 1_000_000, requests: 1, jsonMs: 5177, grpcMs: 12076 },
  { name: '2-1', mode: 'parallel', rowsPerRequest: 1, requests: 10, jsonMs: 9.76, grpcMs: 8.48 },
  { name: '2-2', mode: 'parallel', rowsPerRequest: 1, requests: 100, jsonMs: 72.09, grpcMs: 50.79 },
  { name: '2-3', mode: 'parallel', rowsPerRequest: 1, requests: 1_000, jsonMs: 551.7, grpcMs: 295.7 },
  { name: 'extra', mode: 'parallel', rowsPerRequest: 20_000, requests: 4, jsonMs: 220.7, grpcMs: 700.9 },
];
