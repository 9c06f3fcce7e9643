import type { WirebenchConfig } from '@app/config';
import type { StreamSamplesLimits } from '@app/grpc';

/**
 * The limits the Connect servers check requests against: the gRPC servers' (MAX_ROWS, MAX_STREAM_ROWS,
 * STREAM_BUFFER_BYTES).
 */
export function rowsLimits(config: WirebenchConfig): StreamSamplesLimits {
  return {
    maxRows: config.limits.maxRows,
    maxStreamRows: config.limits.maxStreamRows,
    bufferBytes: config.serverMemory.streamBufferBytes,
  };
}
