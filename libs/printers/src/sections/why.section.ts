import { explanationOf, variantFiguresTable, WHY_LEGEND, whyTable } from '../why-tables';
import { benchSection } from './comparison-section';

/**
 * Why, factor by factor, and the generated sentences: a run with something to explain (factor variants or a phase
 * gap). Last in the registry, so every output ends with its sentences.
 */
export const WHY_SECTION = benchSection({
  id: 'why',
  title: 'Why',
  place: 'after-results',
  appliesTo: (run) => explanationOf(run) !== null,
  blocks: (run) => {
    const explanation = explanationOf(run)!;
    return [
      { table: whyTable(explanation), legend: WHY_LEGEND },
      { heading: 'Per variant', table: variantFiguresTable(explanation) },
      { heading: 'In words', lead: "Generated from this run's measured values:", sentences: explanation.sentences },
    ];
  },
});
