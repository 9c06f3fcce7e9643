import { isLoadRun, type SavedRun } from '@app/explain';
import type { BenchRun } from '@app/bench';
import type { LoadRun } from '@app/load';
import type { PlainTable } from '../why-tables';

/**
 * One part of a section as every output prints it: an optional sub-heading, a table with the legend that reads it,
 * and generated sentences (after a lead line when they need one). Plain data, so the terminal, summary.md and
 * report.html each render it in their own form without knowing which section it came from.
 */
export interface SectionBlock {
  heading?: string;
  table?: PlainTable;
  legend?: string;
  lead?: string;
  /** Generated from the run's figures; names may sit in `code spans`, which summary.md keeps as code. */
  sentences?: string[];
}

/** Where a section goes: before the run's own figures (its results table, its time charts) or after them. */
export type SectionPlace = 'before-results' | 'after-results';

/**
 * A comparison the outputs make, as data: what it analyses (`appliesTo`) and what it prints (`blocks`). A section
 * that does not apply to a run is printed by none of them.
 */
export interface ComparisonSection<Id extends string = string> {
  id: Id;
  /** The heading in all three outputs. */
  title: string;
  place: SectionPlace;
  appliesTo(run: SavedRun): boolean;
  /** Only called when appliesTo(run). */
  blocks(run: SavedRun): SectionBlock[];
}

interface SectionOf<Id extends string, R extends SavedRun> {
  id: Id;
  title: string;
  place: SectionPlace;
  appliesTo(run: R): boolean;
  blocks(run: R): SectionBlock[];
}

/** A section about bench runs: it never applies to a load run, so its functions see bench runs only. */
export function benchSection<const Id extends string>(s: SectionOf<Id, BenchRun>): ComparisonSection<Id> {
  return {
    ...s,
    appliesTo: (run) => !isLoadRun(run) && s.appliesTo(run),
    blocks: (run) => (isLoadRun(run) ? [] : s.blocks(run)),
  };
}

/** A section about load runs. */
export function loadSection<const Id extends string>(s: SectionOf<Id, LoadRun>): ComparisonSection<Id> {
  return {
    ...s,
    appliesTo: (run) => isLoadRun(run) && s.appliesTo(run),
    blocks: (run) => (isLoadRun(run) ? s.blocks(run) : []),
  };
}
