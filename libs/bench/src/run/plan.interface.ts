import type { Scenario } from '../scenario/scenario.interface';
import type { RowsTransport, StreamingRowsTransport } from '../transport-contract/rows-transport.interface';

/** One scenario with the transport that runs it. */
export interface Plan {
  scenario: Scenario;
  transport: RowsTransport | StreamingRowsTransport;
}
