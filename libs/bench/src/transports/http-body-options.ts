import { PROTOBUF_MEDIA_TYPE } from '@app/grpc';

/** What a JSON-family transport asks the server for: the body's encoding and whether it may come gzip-compressed. */
export interface HttpBodyOptions {
  /** `json` (the default) or the protobuf `Samples` message (`proto-http`). */
  encoding?: 'json' | 'protobuf';
  /** `gzip` for the `+gzip` variants; none by default. */
  compression?: 'gzip' | null;
}

/**
 * The request headers that ask for it. Accept-Encoding is always explicit: axios sends `gzip, compress, deflate, br`
 * by default, and the server now honours it, so an uncompressed variant must say `identity` to stay uncompressed.
 * Accept is only set for protobuf, so a JSON request's headers stay what each client sent before.
 */
export function requestHeadersFor(options: HttpBodyOptions): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Encoding': options.compression === 'gzip' ? 'gzip' : 'identity' };
  if (options.encoding === 'protobuf') headers.Accept = PROTOBUF_MEDIA_TYPE;
  return headers;
}
