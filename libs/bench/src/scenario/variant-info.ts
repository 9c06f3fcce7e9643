import type { JsonCodecName, ProtobufCodecName } from '@app/codecs';

// What a variant is, apart from the registry of variants (variants.ts) and the families' own tables that feed it
// (connect-variants.ts): both read these types, so neither imports the other for them.

/** The transport families the engine times; each has variants below that change one factor. */
export type TransportKind = 'json' | 'grpc' | 'connect';
export const TRANSPORT_KINDS: readonly TransportKind[] = ['json', 'grpc', 'connect'];

/**
 * The article's two families: what a run times when it names no transport and no variant (their baselines, `json`
 * and `grpc`), so a command without either means what it always meant. The gRPC/JSON ratios are theirs.
 */
export const ARTICLE_TRANSPORTS: readonly TransportKind[] = ['json', 'grpc'];

/** The factors a variant may change, one at a time. */
export type Factor = 'client library' | 'server framework' | 'encoding' | 'serializer' | 'protocol' | 'message form' | 'compression' | 'flow control';

/** A named client+server path of one transport family, and the one factor it changes from its baseline. */
export interface VariantInfo {
  family: TransportKind;
  /** The variant it differs from in exactly one factor; null for the two baselines. */
  baseline: string | null;
  /** Which factor that is; null for the two baselines. */
  factor: Factor | null;
  /** What it changes, for tables and docs/variants.md. */
  changes: string;
  /** Rows arrive in chunks (server streaming, NDJSON) and are never all held: its own row limit, MAX_STREAM_ROWS. */
  streaming?: boolean;
  /**
   * The serializer (@app/codecs) the server encodes the reply with and the client decodes it with, asked for per
   * request; absent: the family's own (proto-loader for gRPC, JSON.stringify for JSON).
   */
  serializer?: ProtobufCodecName | JsonCodecName;
  /**
   * The protobuf serializer whose generated code both ends are built on, fixed rather than asked for per request
   * (the connect family: connect-es needs protobuf-es's descriptors): it limits the shapes as `serializer` does.
   */
  generatedCode?: ProtobufCodecName;
}
