import { runtimeVerdicts } from '@app/explain';
import { RUNTIME_LEGEND, runtimeTable } from '../runtime-table';
import { benchSection } from './comparison-section';

/** gRPC/JSON per case on each runtime: a run with results on more than one (--node, the runtimes preset). */
export const RUNTIMES_SECTION = benchSection({
  id: 'runtimes',
  title: 'By runtime',
  place: 'before-results',
  appliesTo: (run) => runtimeVerdicts(run) !== null,
  blocks: (run) => {
    const verdicts = runtimeVerdicts(run)!;
    return [{ table: runtimeTable(verdicts), legend: RUNTIME_LEGEND, sentences: verdicts.sentences }];
  },
});
