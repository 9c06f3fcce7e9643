import { explainRun, serializerSentence, shapeSentences } from '@app/explain';
import type { BenchRun } from '@app/bench';
import { benchSection } from './comparison-section';

const LEAD =
  "Generated from this run's measured values: a side is named only where the ratio's 95% interval excludes 1.";

// shapeSentences covers the cases whose shape the run names, serializers included; a run that compares serializers
// without naming shapes still has their sentence (the report draws its serializer chart for such a run too).
function sentences(run: BenchRun): string[] {
  const cases = explainRun(run).cases;
  const unnamed = cases.filter((c) => c.shape === null).map(serializerSentence);
  return [...shapeSentences(cases), ...unnamed.filter((s): s is string => s !== null)];
}

/** Per shape, which transport the runs name and why by phase; per case, the gRPC serializers against json. */
export const SHAPES_SECTION = benchSection({
  id: 'shapes',
  title: 'By shape and serializer',
  place: 'before-results',
  appliesTo: (run) => sentences(run).length > 0,
  blocks: (run) => [{ lead: LEAD, sentences: sentences(run) }],
});
