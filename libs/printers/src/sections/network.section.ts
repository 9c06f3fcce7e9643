import { networkVerdicts } from '@app/explain';
import { NETWORK_LEGEND, networkTable } from '../network-table';
import { benchSection } from './comparison-section';

/** gRPC/JSON per case under each network profile: a run that measured a case under two or more profiles. */
export const NETWORK_SECTION = benchSection({
  id: 'network',
  title: 'Under network conditions',
  place: 'before-results',
  appliesTo: (run) => networkVerdicts(run) !== null,
  blocks: (run) => {
    const verdicts = networkVerdicts(run)!;
    return [{ table: networkTable(verdicts), legend: NETWORK_LEGEND, sentences: verdicts.sentences }];
  },
});
