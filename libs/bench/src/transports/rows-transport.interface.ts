import type { Row } from '@app/data-generator';
import type { TransportKind } from '../scenario/scenario.interface';

/** Which server a transport talks to, for replies and error messages. */
export interface TargetInfo {
  server: 'json-server' | 'grpc-server';
  address: string;
}

/** What one request returned: the decoded rows and the payload size the transport measured on arrival. */
export interface FetchedRows {
  rows: Row[];
  /** Bytes of the response body (JSON text / protobuf message) as received, before decoding. */
  payloadBytes: number;
}

/**
 * One client transport: turns "fetch N rows" into a real request. The promise settles when the response is
 * fully received and decoded into JS objects, which is where the engine stops its clock.
 */
export interface RowsTransport {
  readonly kind: TransportKind;
  readonly target: TargetInfo;
  fetchRows(count: number): Promise<FetchedRows>;
}
