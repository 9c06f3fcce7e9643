import type { ConnectRouterOptions } from '@connectrpc/connect';
import { requestGate } from './requests/request-gate';

/**
 * What every Connect server here passes to connect-es (the Nest adapters' and the bare server's). Fields at their
 * zero value are written in JSON replies too, as the JSON servers write every field: so a Connect JSON reply's rows
 * are the shape's JSON form, row 0's rowNum included, and equal the JSON server's `/samples/:count` rows. The
 * request gate answers what connect-es cannot decode as the gRPC servers do (requests/). A JSON field the message
 * lacks is refused (connect-es ignores it by default), as the gRPC servers refuse a request they cannot read whole.
 */
export const CONNECT_SERVER_OPTIONS: Pick<ConnectRouterOptions, 'jsonOptions' | 'requestGate'> = {
  jsonOptions: { alwaysEmitImplicit: true, ignoreUnknownFields: false },
  requestGate,
};
