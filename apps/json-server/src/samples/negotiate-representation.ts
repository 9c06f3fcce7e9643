import { PROTOBUF_MEDIA_TYPE } from '@app/grpc';
import {
  parseJsonSerializer,
  parseProtobufSerializer,
  type BadSerializerBody,
  type JsonCodec,
  type ShapeProtobufCodec,
} from '@app/codecs';
import type { Shape } from '@app/shapes';

/** What the client asked the body to be: JSON or the protobuf `Samples` message, gzip-compressed or not. */
export interface Representation {
  encoding: 'json' | 'protobuf';
  gzip: boolean;
  /** The JSON serializer that writes a JSON body (`?serializer=`); absent: JSON.stringify. */
  jsonCodec?: JsonCodec;
  /**
   * The protobuf serializer that writes a protobuf body (`?serializer=`, proto-http-static); absent: proto-loader
   * (rowsCodec).
   */
  protobufCodec?: ShapeProtobufCodec;
}

/**
 * The representation with the serializer `?serializer=` names for it: a JSON one for a JSON body, a protobuf one
 * (bound to the shape) for a protobuf body; or the 400 body naming the valid ones for the encoding asked for, so a
 * name of the other family is said, never replaced by the default.
 */
export function withSerializer(
  representation: Representation,
  serializer: string | undefined,
  shape: Shape,
): Representation | { error: BadSerializerBody } {
  if (representation.encoding === 'json') {
    const parsed = parseJsonSerializer(serializer);
    if ('error' in parsed)
      return {
        error: {
          ...parsed.error,
          message:
            `${parsed.error.message} (the request asked for a JSON body; a protobuf serializer applies ` +
            `with Accept: ${PROTOBUF_MEDIA_TYPE})`,
        },
      };
    return { ...representation, jsonCodec: parsed.codec };
  }
  const parsed = parseProtobufSerializer(serializer, shape);
  if ('error' in parsed) return parsed;
  return parsed.codec === null ? representation : { ...representation, protobufCodec: parsed.codec };
}

/**
 * Reads `Accept` and `Accept-Encoding` (RFC 9110 12.5.1 and 12.5.3, q-values and wildcards). JSON unless protobuf is
 * preferred: a higher q, or the same q by its own name against a wildcard. Nothing acceptable is not a 406 here: a
 * client that asks for something else still gets JSON, as every client of this server did before it negotiated.
 * gzip when it has q > 0 (by name or `*`) and identity is not named with a higher q; absent header: identity.
 */
export function negotiateRepresentation(
  accept: string | undefined,
  acceptEncoding: string | undefined,
): Representation {
  return { encoding: prefersProtobuf(accept) ? 'protobuf' : 'json', gzip: acceptsGzip(acceptEncoding) };
}

function prefersProtobuf(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const ranges = weighted(accept);
  const protobuf = mediaQ(ranges, PROTOBUF_MEDIA_TYPE);
  const json = mediaQ(ranges, 'application/json');
  if (protobuf.q === 0) return false;
  return protobuf.q > json.q || (protobuf.q === json.q && protobuf.named && !json.named);
}

function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  const codings = weighted(acceptEncoding);
  const gzip = codings.get('gzip') ?? codings.get('x-gzip') ?? codings.get('*') ?? 0;
  const identity = codings.get('identity');
  return gzip > 0 && (identity === undefined || gzip >= identity);
}

// The most specific range that matches decides (type/subtype, then type/*, then */*); unlisted means not acceptable.
function mediaQ(ranges: Map<string, number>, type: string): { q: number; named: boolean } {
  if (ranges.has(type)) return { q: ranges.get(type)!, named: true };
  return { q: ranges.get(`${type.split('/')[0]}/*`) ?? ranges.get('*/*') ?? 0, named: false };
}

// `a;q=0.5, b` -> { a: 0.5, b: 1 }, names lower-cased, other parameters ignored; an entry with a malformed q is
// dropped, and a name listed twice keeps its first q.
function weighted(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name, ...params] = entry.split(';').map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*(.*)$/i.exec(param);
      if (!match) continue;
      q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(match[1]) ? Number(match[1]) : NaN;
    }
    if (!Number.isNaN(q) && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), q);
  }
  return out;
}
