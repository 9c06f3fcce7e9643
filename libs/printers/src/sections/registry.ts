import { type SavedRun } from '@app/explain';
import { ARTICLE_SECTION } from './article.section';
import { BATCHING_SECTION } from './batching.section';
import type { ComparisonSection, SectionPlace } from './comparison-section';
import { CONNECT_SECTION } from './connect.section';
import { FLOOR_SECTION } from './floor.section';
import { LOAD_SECTION } from './load.section';
import { NETWORK_SECTION } from './network.section';
import { PHASES_SECTION } from './phases.section';
import { RUNTIMES_SECTION } from './runtimes.section';
import { SHAPES_SECTION } from './shapes.section';
import { WHY_SECTION } from './why.section';

/**
 * Every comparison the outputs make, in the order they print them (within each place): the terminal, summary.md and
 * report.html all iterate this list, so a section is added here once and printed by all three. What a preset was
 * made for comes first (network, runtimes, connect, floor, batching, shapes), then the article's comparison, which
 * several presets carry; why last, so an output ends with its sentences.
 */
export const COMPARISON_SECTIONS = [
  NETWORK_SECTION,
  RUNTIMES_SECTION,
  CONNECT_SECTION,
  FLOOR_SECTION,
  BATCHING_SECTION,
  SHAPES_SECTION,
  ARTICLE_SECTION,
  PHASES_SECTION,
  WHY_SECTION,
  LOAD_SECTION,
] as const satisfies readonly ComparisonSection[];

export type SectionId = (typeof COMPARISON_SECTIONS)[number]['id'];

/** The sections of `sections` at `place` that apply to the run, in order. */
export function sectionsAt(
  run: SavedRun,
  place: SectionPlace,
  sections: readonly ComparisonSection[] = COMPARISON_SECTIONS,
): ComparisonSection[] {
  return sections.filter((s) => s.place === place && s.appliesTo(run));
}
