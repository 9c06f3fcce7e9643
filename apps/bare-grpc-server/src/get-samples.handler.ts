import { handleUnaryCall, status } from '@grpc/grpc-js';
import { rows } from '@app/data-generator';
import type { GetSamplesParam, Samples } from '@app/grpc';

/** `GetSamples` as a plain grpc-js handler: the same check and message as the Nest server's SamplesService. */
export function getSamplesHandler(maxRows: number): handleUnaryCall<GetSamplesParam, Samples> {
  return (call, callback) => {
    const { count } = call.request;
    if (!Number.isInteger(count) || count < 0 || count > maxRows) {
      return callback({ code: status.INVALID_ARGUMENT, details: `count must be an integer from 0 to ${maxRows}, got ${count}` });
    }
    callback(null, { samples: rows(count) });
  };
}
