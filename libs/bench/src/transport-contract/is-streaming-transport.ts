import type { RowsTransport, StreamingRowsTransport } from './rows-transport.interface';

/** Tells the two transport contracts apart where one place builds both (the client's TransportFactory). */
export function isStreamingTransport(
  transport: RowsTransport | StreamingRowsTransport,
): transport is StreamingRowsTransport {
  return 'streaming' in transport && transport.streaming === true;
}
