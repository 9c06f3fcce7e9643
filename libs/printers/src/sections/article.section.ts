import { articleMatches } from '../article-matches';
import { ARTICLE_SOURCE_NOTE, PRESETS_WITH_ARTICLE_CASES } from '../article-reference';
import { articleTable } from '../article-table';
import { benchSection } from './comparison-section';

/**
 * The article's seven cases beside this run's: a run of a preset that runs them under the article's names, once it
 * has measured one of them (a user's own scenarios named 1-1 are not the article's case).
 */
export const ARTICLE_SECTION = benchSection({
  id: 'article',
  title: 'Compared with the article',
  place: 'before-results',
  appliesTo: (run) =>
    PRESETS_WITH_ARTICLE_CASES.includes(run.preset) &&
    articleMatches(run).some((m) => m.json?.stats.n || m.grpc?.stats.n),
  blocks: (run) => [
    {
      table: articleTable(run),
      legend:
        `Article figures: ` +
        `${ARTICLE_SOURCE_NOTE}. This run's figures are medians on this machine, so compare the ratios rather ` +
        `than the milliseconds.`,
    },
  ],
});
