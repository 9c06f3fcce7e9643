import { PROTOBUF_MEDIA_TYPE } from '@app/grpc';
import type { JsonCodecName, ProtobufCodecName } from '@app/codecs';
import { DEFAULT_SHAPE, ShapeName } from '@app/shapes';
import type { RowForm } from '@app/bench';

/**
 * What a JSON-family transport asks the server for: the message shape, the body's encoding and whether it may come
 * gzip-compressed.
 */
export interface HttpBodyOptions {
  /** The rows' message shape (@app/shapes); default `row`, the article's. */
  shape?: ShapeName;
  /** `json` (the default) or the shape's protobuf rows message (`proto-http`; `sample.Samples` for `row`). */
  encoding?: 'json' | 'protobuf';
  /** `gzip` for the `+gzip` variants; none by default. */
  compression?: 'gzip' | null;
  /**
   * The serializer for the server to write the body with (`?serializer=`): a JSON one for a JSON body (`json-fjs`:
   * fast-json-stringify; none: JSON.stringify), a protobuf one for a protobuf body (`proto-http-static`; none:
   * proto-loader), which the client then decodes with too.
   */
  serializer?: JsonCodecName | ProtobufCodecName;
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

/** The shape asked for, `row` unless another is named. */
export function shapeAskedFor(options: HttpBodyOptions): ShapeName {
  return options.shape ?? DEFAULT_SHAPE;
}

/** The form of the rows a body in the asked encoding decodes to (RowForm): a named protobuf serializer's own. */
export function rowFormFor(options: HttpBodyOptions): RowForm {
  if (options.encoding !== 'protobuf') return 'json';
  return options.serializer === undefined ? 'protobuf' : 'serializer';
}
