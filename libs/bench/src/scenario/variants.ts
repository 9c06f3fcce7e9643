import { DEFAULT_PROTOBUF_CODEC, protobufCodecNames, type JsonCodecName, type ProtobufCodecName } from '@app/codecs';
import { ScenarioValidationError } from './scenario-validation.error';
import { CONNECT_VARIANTS, type ConnectVariantName } from './connect-variants';
import type { TransportKind, VariantInfo } from './variant-info';
import { readAddedVariants } from './added-variants';

export { ARTICLE_TRANSPORTS, TRANSPORT_KINDS } from './variant-info';
export type { Factor, TransportKind, VariantInfo } from './variant-info';

/** Which registry a serializer name is in (the names are unique across both): a protobuf one encodes protobuf. */
export function isProtobufSerializer(name: ProtobufCodecName | JsonCodecName): name is ProtobufCodecName {
  return (protobufCodecNames() as string[]).includes(name);
}

/** Where the variants' servers are: the Nest apps (Express, Fastify, h2c) and the Nest gRPC server. */
const AT_EXPRESS = { address: 'jsonUrl', server: 'json-server' } as const;
const AT_FASTIFY = { address: 'fastifyJsonUrl', server: 'json-server' } as const;
const AT_H2C = { address: 'h2JsonUrl', server: 'json-server' } as const;
/** A gRPC channel: one HTTP/2 connection per measurement (oneConnection). */
const AT_GRPC = { address: 'grpcAddress', server: 'grpc-server', oneConnection: true } as const;

/**
 * Every variant the engine can time. `json` and `grpc` are the article's two paths (Nest + Express + axios,
 * Nest ClientGrpc) and stay the defaults, so a result without a variant means what it always meant.
 */
const BASE_VARIANTS = {
  json: {
    ...AT_EXPRESS,
    load: { transport: 'json', target: 'nest' },
    family: 'json',
    baseline: null,
    factor: null,
    changes: 'baseline: Nest JSON server (Express), client Nest HttpService (axios + rxjs)',
  },
  grpc: {
    ...AT_GRPC,
    load: { transport: 'grpc', target: 'nest' },
    family: 'grpc',
    baseline: null,
    factor: null,
    changes: 'baseline: Nest gRPC server, client Nest ClientGrpc (grpc-js + rxjs)',
  },
  'json-undici': {
    ...AT_EXPRESS,
    family: 'json',
    baseline: 'json',
    factor: 'client library',
    changes: 'undici instead of axios + rxjs (same server)',
  },
  'grpc-bare': {
    ...AT_GRPC,
    family: 'grpc',
    baseline: 'grpc',
    factor: 'client library',
    changes: 'a plain @grpc/grpc-js client instead of Nest ClientGrpc + rxjs (same server)',
  },
  'proto-http': {
    ...AT_EXPRESS,
    family: 'json',
    baseline: 'json',
    factor: 'encoding',
    changes:
      "protobuf body (the Samples message, gRPC's encoder) instead of JSON: same server and client, Accept: " +
      'application/x-protobuf',
  },
  'json-fastify': {
    ...AT_FASTIFY,
    load: { transport: 'json', target: 'fastify' },
    family: 'json',
    baseline: 'json',
    factor: 'server framework',
    changes: 'the same Nest module and controller on Fastify instead of Express (same client)',
  },
  'json-h2': {
    ...AT_H2C,
    family: 'json',
    baseline: 'json-fastify',
    factor: 'protocol',
    changes: 'HTTP/2 without TLS (h2c) instead of HTTP/1.1: the same Fastify server and axios client (httpVersion 2)',
  },
  'json-h2-window': {
    ...AT_H2C,
    window: 'jsonH2FlowControlWindow',
    family: 'json',
    baseline: 'json-h2',
    factor: 'flow control',
    changes:
      'the json-h2 client offering an HTTP/2 flow-control window of JSON_H2_FLOW_CONTROL_WINDOW bytes (4 MiB) ' +
      "instead of HTTP/2's 64 KiB (same server)",
  },
  'json-stream': {
    ...AT_EXPRESS,
    family: 'json',
    baseline: 'json',
    factor: 'message form',
    changes: 'NDJSON streamed in writes of chunk rows instead of one JSON body (same server, same client)',
    streaming: true,
  },
  'grpc-sliced': {
    ...AT_GRPC,
    sliceRows: 'grpcSliceRows',
    family: 'grpc',
    baseline: 'grpc',
    factor: 'serializer',
    changes: 'the server encodes the rows in slices of GRPC_SLICE_ROWS with the same encoder (same bytes on the wire)',
  },
  'grpc-window': {
    ...AT_GRPC,
    window: 'grpcFlowControlWindow',
    family: 'grpc',
    baseline: 'grpc',
    factor: 'flow control',
    changes:
      'the grpc client offering an HTTP/2 flow-control window of GRPC_FLOW_CONTROL_WINDOW bytes (4 MiB) ' +
      "instead of HTTP/2's 64 KiB (same server)",
  },
  'grpc-stream': {
    ...AT_GRPC,
    family: 'grpc',
    baseline: 'grpc',
    factor: 'message form',
    changes: 'server streaming in messages of chunk rows instead of one message (same server, same client)',
    streaming: true,
  },
} as const satisfies Record<string, VariantInfo>;

/**
 * The native floor: the Go reference servers (native/go-servers) reached by each family's Node client, one path per
 * message form. The factor is the whole server runtime (language, HTTP stack, serializer), not one knob of a Node
 * path: what the Node server costs against the protocol's own cost. `native` keeps them out of the family presets.
 */
const AT_GO_JSON = { address: 'goJsonUrl', server: 'go-json-server', native: true } as const;
const AT_GO_GRPC = { address: 'goGrpcAddress', server: 'go-grpc-server', native: true, oneConnection: true } as const;
const NATIVE_VARIANTS = {
  'go-json': {
    ...AT_GO_JSON,
    load: { transport: 'json', target: 'go' },
    family: 'json',
    baseline: 'json-undici',
    factor: 'server runtime',
    changes: "Go's net/http and encoding/json serve the rows instead of Nest on Express (same undici client)",
  },
  'go-json-stream': {
    ...AT_GO_JSON,
    family: 'json',
    baseline: 'json-stream',
    factor: 'server runtime',
    changes: "Go's net/http and encoding/json stream the NDJSON instead of Nest on Express (same client)",
    streaming: true,
  },
  'go-grpc': {
    ...AT_GO_GRPC,
    load: { transport: 'grpc', target: 'go' },
    family: 'grpc',
    baseline: 'grpc-bare',
    factor: 'server runtime',
    changes: 'grpc-go with protobuf-go serves the reply instead of Nest on grpc-js (same plain grpc-js client)',
  },
  'go-grpc-stream': {
    ...AT_GO_GRPC,
    family: 'grpc',
    baseline: 'grpc-stream',
    factor: 'server runtime',
    changes: 'grpc-go with protobuf-go streams the messages instead of Nest on grpc-js (same client)',
    streaming: true,
  },
} as const satisfies Record<string, VariantInfo>;

/**
 * The variant of each protobuf serializer but proto-loader (which is `grpc` itself), by its PROTOBUF_CODECS name: the
 * names users and presets type. Typed by the registry, so a new codec does not compile until it has its variant.
 */
const GRPC_SERIALIZER_VARIANT_NAMES = {
  'protobufjs-static': 'grpc-static',
  'protobuf-es': 'grpc-es',
  'ts-proto': 'grpc-tsproto',
  pbf: 'grpc-pbf',
  'pbf-sized': 'grpc-pbf-sized',
  protons: 'grpc-protons',
} as const satisfies Record<Exclude<ProtobufCodecName, 'proto-loader'>, string>;

type GrpcSerializerVariantName = (typeof GRPC_SERIALIZER_VARIANT_NAMES)[keyof typeof GRPC_SERIALIZER_VARIANT_NAMES];

/**
 * The `grpc` path with another protobuf serializer on both sides: one entry per PROTOBUF_CODECS entry (what each is:
 * its description, docs/serializers.md).
 */
const GRPC_SERIALIZER_VARIANTS = Object.fromEntries(
  (
    protobufCodecNames().filter(
      (codec) => codec !== DEFAULT_PROTOBUF_CODEC,
    ) as (keyof typeof GRPC_SERIALIZER_VARIANT_NAMES)[]
  ).map((codec) => [
    GRPC_SERIALIZER_VARIANT_NAMES[codec],
    {
      ...AT_GRPC,
      family: 'grpc',
      baseline: 'grpc',
      factor: 'serializer',
      changes:
        `${codec} instead of proto-loader encodes the reply on the server and decodes it on the client ` +
        `(same server, client and transport)`,
      serializer: codec,
    },
  ]),
) as Record<GrpcSerializerVariantName, VariantInfo>;

/**
 * The JSON serializers' variants: the Fastify server's reply from another JSON_CODECS entry; the client still
 * JSON.parse's.
 */
const JSON_SERIALIZER_VARIANTS = {
  'json-fjs': {
    ...AT_FASTIFY,
    family: 'json',
    baseline: 'json-fastify',
    factor: 'serializer',
    changes:
      "fast-json-stringify (compiled from the shape's JSON Schema, as Fastify does with a response schema) " +
      'instead of JSON.stringify writes the body (same Fastify server, same client)',
    serializer: 'fast-json-stringify',
  },
  'json-stream-fjs': {
    ...AT_EXPRESS,
    family: 'json',
    baseline: 'json-stream',
    factor: 'serializer',
    changes:
      'fast-json-stringify instead of JSON.stringify writes the NDJSON lines, one row each (same server, same ' +
      'stream, same client)',
    streaming: true,
    serializer: 'fast-json-stringify',
  },
} as const satisfies Record<string, VariantInfo>;

/**
 * The protobuf serializer proto-http and the streams take as an option: the fastest encoder of PROTOBUF_CODECS as
 * `npm run bench:codecs` measured it here (docs/serializers.md), and one that writes proto-loader's bytes.
 */
export const FASTEST_PROTOBUF_CODEC = 'protobufjs-static' as const satisfies ProtobufCodecName;

/**
 * proto-http and grpc-stream with the fastest protobuf serializer instead of proto-loader (named per request as the
 * grpc-* serializer variants do: `?serializer=` / wirebench-serializer), so encoding and transport stay separable:
 * each changes its baseline's serializer only, not its transport or message form.
 */
const SERIALIZER_OPTION_VARIANTS = {
  'proto-http-static': {
    ...AT_EXPRESS,
    family: 'json',
    baseline: 'proto-http',
    factor: 'serializer',
    changes:
      `${FASTEST_PROTOBUF_CODEC} instead of proto-loader encodes the protobuf body on the server and ` +
      `decodes it on the client (same server, client and HTTP/1.1)`,
    serializer: FASTEST_PROTOBUF_CODEC,
  },
  'grpc-stream-static': {
    ...AT_GRPC,
    family: 'grpc',
    baseline: 'grpc-stream',
    factor: 'serializer',
    changes:
      `${FASTEST_PROTOBUF_CODEC} instead of proto-loader encodes each streamed message on the server ` +
      `and decodes it on the client (same stream, same client)`,
    streaming: true,
    serializer: FASTEST_PROTOBUF_CODEC,
  },
} as const satisfies Record<string, VariantInfo>;

type BaseVariantName = keyof typeof BASE_VARIANTS;
/** A client+server path: one of the base variants or a serializer's (the +gzip twins are paths with compression). */
export type PathName =
  | BaseVariantName
  | GrpcSerializerVariantName
  | keyof typeof JSON_SERIALIZER_VARIANTS
  | keyof typeof SERIALIZER_OPTION_VARIANTS
  | keyof typeof NATIVE_VARIANTS
  | ConnectVariantName;

/**
 * The variants that also come as `<name>+gzip`: the same path with the response body gzip-compressed by the server
 * (HTTP Accept-Encoding/Content-Encoding), so the one factor is compression.
 *
 * No gRPC path here: the grpc-js server (1.14) never compresses a response. It frames every message with the
 * compressed flag 0 ("response compression is currently not supported", server-interceptors.js serializeMessage)
 * and announces grpc-encoding: identity, whatever the client accepts; only the client side compresses and
 * decompresses (grpc/grpc-node#1823). Gzipping in the serializer would send a gzip body flagged as uncompressed:
 * application-level compression that only our own client could read, not gRPC compression.
 */
const GZIP_VARIANTS = [
  'json',
  'json-undici',
  'json-fastify',
  'json-h2',
  'proto-http',
] as const satisfies readonly BaseVariantName[];
export const GZIP_SUFFIX = '+gzip';

type GzipVariantName = `${(typeof GZIP_VARIANTS)[number]}${typeof GZIP_SUFFIX}`;
export type VariantName = PathName | GzipVariantName;

const BUILT_IN_VARIANTS: Record<VariantName, VariantInfo> = {
  ...BASE_VARIANTS,
  ...GRPC_SERIALIZER_VARIANTS,
  ...JSON_SERIALIZER_VARIANTS,
  ...SERIALIZER_OPTION_VARIANTS,
  ...CONNECT_VARIANTS,
  ...NATIVE_VARIANTS,
  ...(Object.fromEntries(
    GZIP_VARIANTS.map((base: BaseVariantName) => [
      `${base}${GZIP_SUFFIX}`,
      {
        family: BASE_VARIANTS[base].family,
        address: BASE_VARIANTS[base].address,
        server: BASE_VARIANTS[base].server,
        baseline: base,
        factor: 'compression',
        changes: `the ${base} path with the response gzip-compressed`,
      },
    ]),
  ) as Record<GzipVariantName, VariantInfo>),
};

/**
 * The registry: the built-in variants and those a WIREBENCH_VARIANTS file adds (added-variants.ts), whose names the
 * types do not know; every table and check reads a variant from here, so an added one runs wherever a built-in does.
 */
export const VARIANTS: Record<VariantName, VariantInfo> = {
  ...BUILT_IN_VARIANTS,
  ...(readAddedVariants(BUILT_IN_VARIANTS) as Record<VariantName, VariantInfo>),
};
export const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];

/**
 * `json+gzip` -> { path: 'json', compression: 'gzip' }: the client+server path and whether its response is compressed.
 */
export function variantPath(variant: VariantName): { path: PathName; compression: 'gzip' | null } {
  return variant.endsWith(GZIP_SUFFIX)
    ? { path: variant.slice(0, -GZIP_SUFFIX.length) as PathName, compression: 'gzip' }
    : { path: variant as PathName, compression: null };
}

/**
 * A family's own baseline (the variant of it with no baseline): what `--transport connect` / `transports=connect` time.
 */
export function familyBaseline(family: TransportKind): VariantName {
  const found = VARIANT_NAMES.find((v) => VARIANTS[v].family === family && VARIANTS[v].baseline === null);
  if (!found) throw new Error(`transport family ${family} has no baseline variant`);
  return found;
}

/** Whether a variant streams its rows in chunks (then rows go up to MAX_STREAM_ROWS and `chunk` applies). */
export function isStreamingVariant(variant: VariantName): boolean {
  return VARIANTS[variant].streaming === true;
}

/** The streaming variants, for messages that point to them. */
export function streamingVariantNames(): VariantName[] {
  return VARIANT_NAMES.filter(isStreamingVariant);
}

export function isVariant(name: unknown): name is VariantName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(VARIANTS, name);
}

/**
 * Other spellings of GZIP_SUFFIX. `-gzip` needs no escaping anywhere; ` gzip` is what `json+gzip` typed raw in a
 * query string arrives as (a `+` there is a space), and no variant name has a space, so it can mean nothing else.
 */
const GZIP_SUFFIX_ALIASES = ['-gzip', ' gzip'] as const;

/**
 * The variant a name the user typed means, as results record it (`json+gzip`, so saved runs and old files keep
 * their names), or null. `json-gzip` and `json gzip` read as `json+gzip`.
 */
export function variantNamed(name: unknown): VariantName | null {
  if (typeof name !== 'string') return null;
  const alias = GZIP_SUFFIX_ALIASES.find((suffix) => name.endsWith(suffix));
  const recorded = alias ? `${name.slice(0, -alias.length)}${GZIP_SUFFIX}` : name;
  return isVariant(recorded) ? recorded : null;
}

/** The sentence that tells a user the other spellings, for help texts and errors that list variant names. */
export const GZIP_ALIAS_NOTE = `a ${GZIP_SUFFIX} name may also be written with -gzip, e.g. json-gzip`;

/**
 * A comma list of variants, each known (in any spelling variantNamed reads), none twice, optionally all of one family
 * (an endpoint under /client/json times JSON variants only), as recorded names. The same 400 / usage error as every
 * other parameter.
 */
export function parseVariants(parameter: string, raw: unknown, family?: TransportKind): VariantName[] {
  const allowed = VARIANT_NAMES.filter((v) => family === undefined || VARIANTS[v].family === family);
  const list = typeof raw === 'string' ? raw.split(',').map((s) => variantNamed(s.trim())) : [];
  if (list.length === 0 || list.some((v) => v === null || !allowed.includes(v)) || new Set(list).size !== list.length) {
    const what = family ? `${family} variants` : 'variants';
    // The recorded names: each also works typed raw in a URL (variantNamed), so none of them is what was refused.
    const note = allowed.some((v) => v.endsWith(GZIP_SUFFIX)) ? `; ${GZIP_ALIAS_NOTE}` : '';
    throw new ScenarioValidationError(
      parameter,
      { values: allowed },
      `${parameter} must be a comma list of ` +
        `${what} (${allowed.join(', ')}${note}), each once, got ${JSON.stringify(raw)}`,
      raw,
    );
  }
  return list as VariantName[];
}
