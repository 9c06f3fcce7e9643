import { MIN_RUNS_FOR_VERDICT, tellApart } from '@app/bench';
import type { ApartAt } from './crossovers';
import type { RunScenario } from './scenario-rows';

/**
 * For the lines of a chart (the scenarios of each, as drawn): whether two lines' runs at one x tell them apart, by
 * the same verdict the tables and the page use (result/tell-apart.ts: the medians' 95% intervals miss each other,
 * with at least MIN_RUNS_FOR_VERDICT runs a side), and if not, why not.
 */
export function apartByRuns(lines: readonly RunScenario[][], xOf: (s: RunScenario) => number): ApartAt {
  return (i, j, x) => {
    const a = lines[i].find((s) => xOf(s) === x);
    const b = lines[j].find((s) => xOf(s) === x);
    if (!a || !b) return 'one of them was not measured there';
    const told = tellApart(a.result.runs, b.result.runs);
    if (told.tooFewRuns)
      return (
        `${told.runsPerSide} ` +
        `run${told.runsPerSide === 1 ? '' : 's'} a side, fewer than the ${MIN_RUNS_FOR_VERDICT} a verdict needs`
      );
    return told.order === 'not distinguishable' ? "their medians' 95% intervals overlap" : null;
  };
}
