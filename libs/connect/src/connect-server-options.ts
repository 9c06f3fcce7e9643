import type { JsonWriteOptions } from '@bufbuild/protobuf';

/**
 * What every Connect server here passes to connect-es (the Nest adapters' and the bare server's). Fields at their
 * zero value are written in JSON replies too, as the JSON servers write every field: so a Connect JSON reply's rows
 * are the shape's JSON form, row 0's rowNum included, and equal the JSON server's `/samples/:count` rows.
 */
export const CONNECT_SERVER_OPTIONS: { jsonOptions: Partial<JsonWriteOptions> } = {
  jsonOptions: { alwaysEmitImplicit: true },
};
