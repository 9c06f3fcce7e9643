import { deserializeSamples } from '@app/grpc';
import type { FetchedRows, TargetInfo } from './rows-transport.interface';
import { TransportError } from './transport-errors';

/**
 * A protobuf body (the `Samples` message, as `proto-http` asks for it) as rows, by the deserializer a gRPC client
 * uses, so protobuf over HTTP and gRPC decode alike. Bytes that are not the message are a bad response, named.
 */
export function decodeProtobufRows(body: Buffer, target: TargetInfo): FetchedRows {
  let decoded: { samples?: unknown };
  try {
    decoded = deserializeSamples(body);
  } catch (error) {
    throw new TransportError('bad-response', target, `body is not a protobuf Samples message (${(error as Error).message})`);
  }
  if (!decoded || !Array.isArray(decoded.samples)) throw new TransportError('bad-response', target, 'body has no "samples" array');
  return { rows: decoded.samples, payloadBytes: body.length };
}
