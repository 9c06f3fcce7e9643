import type { ConnectRouterOptions } from '@connectrpc/connect';
import { requestGate } from './requests/request-gate';
import { JSON_STAND_INS } from './rows/json-stand-ins';

// connect-es's JSON serialization also reads a textEncoder from these options (createJsonSerialization), which the
// router's type leaves out: the one door by which a reply encoded ahead reaches the wire as JSON
// (rows/json-stand-ins.ts).
const jsonOptions: NonNullable<ConnectRouterOptions['jsonOptions']> & {
  textEncoder: { encode(text: string): Uint8Array };
} = {
  alwaysEmitImplicit: true,
  ignoreUnknownFields: false,
  textEncoder: JSON_STAND_INS.textEncoder,
};

/**
 * What every Connect server here passes to connect-es (the Nest adapters' and the bare server's). Fields at their
 * zero value are written in JSON replies too, as the JSON servers write every field: so a Connect JSON reply's rows
 * are the shape's JSON form, row 0's rowNum included, and equal the JSON server's `/samples/:count` rows. The
 * request gate answers what connect-es cannot decode as the gRPC servers do (requests/). A JSON field the message
 * lacks is refused (connect-es ignores it by default), as the gRPC servers refuse a request they cannot read whole.
 * Its textEncoder sends unary rows replies that their handler encoded (rows/reply-encodings.ts).
 */
export const CONNECT_SERVER_OPTIONS: Pick<ConnectRouterOptions, 'jsonOptions' | 'requestGate'> = {
  jsonOptions,
  requestGate,
};

/**
 * CONNECT_SERVER_OPTIONS with the request size bound (MAX_REQUEST_BYTES): connect-es refuses a body over readMaxBytes
 * by its content-length before reading it, and stops reading one without at the limit (`resource_exhausted`).
 * Its default is 4 GiB: a 200 MiB body was read whole, and held.
 */
export function connectServerOptions(
  maxRequestBytes: number,
): typeof CONNECT_SERVER_OPTIONS & { readMaxBytes: number } {
  return { ...CONNECT_SERVER_OPTIONS, readMaxBytes: maxRequestBytes };
}
