import type { RowsTransport, StreamingRowsTransport } from './rows-transport.interface';

/** Which of the two contracts a transport implements, for code that holds either (the transport factory). */
export function isStreamingTransport(transport: RowsTransport | StreamingRowsTransport): transport is StreamingRowsTransport {
  return 'streaming' in transport && transport.streaming === true;
}
