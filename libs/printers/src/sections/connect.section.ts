import { connectPlacements } from '@app/explain';
import { CONNECT_LEGEND, connectTable } from '../connect-table';
import { benchSection } from './comparison-section';

/** Each Connect variant against json and grpc per case: a run with one beside either (connect-placements.ts). */
export const CONNECT_SECTION = benchSection({
  id: 'connect',
  title: 'Connect against JSON and gRPC',
  place: 'before-results',
  appliesTo: (run) => connectPlacements(run) !== null,
  blocks: (run) => {
    const placements = connectPlacements(run)!;
    return [{ table: connectTable(placements), legend: CONNECT_LEGEND, sentences: placements.sentences }];
  },
});
