import { DEFAULT_JSON_CODEC, DEFAULT_PROTOBUF_CODEC } from '@app/codecs';
import { CONNECT_CALLS, isConnectVariant, type ConnectProtocol } from './connect-variants';
import { variantPath, VARIANTS, type VariantName } from './variants';

/**
 * What a variant puts on the wire and with which serializer: the factors that set a Connect variant apart from Nest's
 * JSON and gRPC paths, in data, so the sentences that place Connect list them without a line written per case.
 */
export interface WireTraits {
  httpVersion: '1.1' | '2';
  protocol: 'plain HTTP' | 'Connect' | 'gRPC' | 'gRPC-Web';
  encoding: 'JSON' | 'binary protobuf';
  /** The registry's `streaming`: the rows as one message, or as a server stream of chunk-row messages. */
  messageForm: 'one message' | 'a stream of chunk-row messages';
  /** The codec (@app/codecs) that encodes the reply and decodes it: its registry name. */
  serializer: string;
}

const PROTOCOL_WORDS: Record<ConnectProtocol, WireTraits['protocol']> = {
  connect: 'Connect',
  grpc: 'gRPC',
  'grpc-web': 'gRPC-Web',
};

/**
 * The article's two paths, which every Connect variant is placed against: `json` is a GET answered with
 * JSON.stringify's body over the client's kept-alive HTTP/1.1 sockets (axios), `grpc` one grpc-js channel, one HTTP/2
 * connection, proto-loader's protobufjs on both ends.
 */
const ARTICLE_PATH_TRAITS: Partial<Record<VariantName, Omit<WireTraits, 'serializer' | 'messageForm'>>> = {
  json: { httpVersion: '1.1', protocol: 'plain HTTP', encoding: 'JSON' },
  grpc: { httpVersion: '2', protocol: 'gRPC', encoding: 'binary protobuf' },
};

const messageFormOf = (variant: VariantName): WireTraits['messageForm'] =>
  VARIANTS[variant].streaming ? 'a stream of chunk-row messages' : 'one message';

/** The family's own codec where the registry names none (a variant's `serializer` or `generatedCode` otherwise). */
function serializerOf(variant: VariantName): string {
  const info = VARIANTS[variant];
  return (
    info.serializer ?? info.generatedCode ?? (info.family === 'json' ? DEFAULT_JSON_CODEC : DEFAULT_PROTOBUF_CODEC)
  );
}

/**
 * A connect variant's traits from its call (CONNECT_CALLS), json's and grpc's from the table above; null for any other
 * variant (none is compared with Connect in these terms).
 */
export function wireTraitsOf(variant: VariantName): WireTraits | null {
  const { path, compression } = variantPath(variant);
  if (compression !== null) return null;
  if (isConnectVariant(path)) {
    const call = CONNECT_CALLS[path];
    return {
      httpVersion: call.httpVersion,
      protocol: PROTOCOL_WORDS[call.protocol],
      encoding: call.binary ? 'binary protobuf' : 'JSON',
      messageForm: messageFormOf(path),
      serializer: serializerOf(path),
    };
  }
  const traits = ARTICLE_PATH_TRAITS[path];
  return traits ? { ...traits, messageForm: messageFormOf(path), serializer: serializerOf(path) } : null;
}

/**
 * The wire factors on which `variant` differs from `against`, in a sentence's words ("HTTP/1.1 keep-alive sockets
 * against one HTTP/2 connection"): the HTTP version (as connections when requests run in parallel, where that is
 * what differs: a socket per request in flight against streams on one connection), the protocol, the message form,
 * the encoding with each side's serializer, or the serializer alone. Empty when they differ in none; null when a side
 * has no traits (then nothing is known, which is not the same as nothing differing).
 */
export function wireDifferences(variant: VariantName, against: VariantName, parallel: boolean): string[] | null {
  const a = wireTraitsOf(variant);
  const b = wireTraitsOf(against);
  if (!a || !b) return null;
  const http = (t: WireTraits) =>
    parallel
      ? t.httpVersion === '2'
        ? 'one HTTP/2 connection'
        : 'HTTP/1.1 keep-alive sockets'
      : `HTTP/${t.httpVersion}`;
  const protocol = (t: WireTraits) => (t.protocol === 'plain HTTP' ? 'plain HTTP' : `the ${t.protocol} protocol`);
  return [
    ...(a.httpVersion !== b.httpVersion ? [`${http(a)} against ${http(b)}`] : []),
    ...(a.protocol !== b.protocol ? [`${protocol(a)} against ${protocol(b)}`] : []),
    ...(a.messageForm !== b.messageForm ? [`${a.messageForm} against ${b.messageForm}`] : []),
    ...(a.encoding !== b.encoding
      ? [`${a.encoding} (${a.serializer}) against ${b.encoding} (${b.serializer})`]
      : a.serializer !== b.serializer
        ? [`${a.serializer} against ${b.serializer} as serializer`]
        : []),
  ];
}
