import { floorPlacements } from '@app/explain';
import { FLOOR_LEGEND, floorTable } from '../floor-table';
import { benchSection } from './comparison-section';

/** Each family's fastest Node path against its Go floor per case: a run with a go-* variant (floor-placements.ts). */
export const FLOOR_SECTION = benchSection({
  id: 'floor',
  title: 'The native floor: fastest Node path against Go',
  place: 'before-results',
  appliesTo: (run) => floorPlacements(run) !== null,
  blocks: (run) => {
    const placements = floorPlacements(run)!;
    return [{ table: floorTable(placements), legend: FLOOR_LEGEND, sentences: placements.sentences }];
  },
});
