import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { jsonCodecNames, protobufCodecNames } from '@app/codecs';
import {
  FACTORS,
  SERVER_AT,
  TARGET_KIND_NAMES,
  TRANSPORT_KINDS,
  type Factor,
  type TargetAddress,
  type TargetKind,
  type TransportKind,
  type VariantInfo,
} from './variant-info';

/**
 * The variable that names a JSON file of variants added to the registry without changing the code: one entry each,
 * built like an existing variant (`like`: its client and knobs) with what the entry changes; its server is the one at
 * its address. Every process of a run reads it (the CLI, the client app it starts or finds, the load mode), so set it
 * where they all see it.
 */
export const ADDED_VARIANTS_VARIABLE = 'WIREBENCH_VARIANTS';

/** One entry of that file: the fields of a VariantInfo it may set, and the variant it is built like. */
interface AddedVariantEntry {
  like: string;
  changes: string;
  baseline?: string;
  factor?: Factor;
  address?: TargetAddress;
  serializer?: string;
  load?: { transport: TransportKind; target: TargetKind };
}

const ENTRY_FIELDS: readonly (keyof AddedVariantEntry)[] = [
  'like',
  'changes',
  'baseline',
  'factor',
  'address',
  'serializer',
  'load',
];
const NAME = /^[a-z][a-z0-9-]{0,39}$/;
/** Where a server may be: any target but the client's own. */
const SERVER_ADDRESSES = (Object.keys(SERVER_AT) as TargetAddress[]).filter((a) => SERVER_AT[a] !== null);

/**
 * Thrown while the registry module loads, before any command's own error handling (the process exits 1): its stack is
 * the message alone, so Node prints what to fix rather than a trace through the module loader.
 */
export class AddedVariantsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddedVariantsError';
    this.stack = `${this.name}: ${message}`;
  }
}

/**
 * The variants `WIREBENCH_VARIANTS` adds to `builtIn`, each checked against it: a new name, an existing variant to be
 * built like, a known baseline, factor, address, server, serializer and load target. {} when the variable is unset.
 */
export function readAddedVariants(
  builtIn: Readonly<Record<string, VariantInfo>>,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, VariantInfo> {
  const raw = env[ADDED_VARIANTS_VARIABLE]?.trim();
  if (!raw) return {};
  const file = isAbsolute(raw) ? raw : resolve(raw);
  const fail = (what: string): never => {
    throw new AddedVariantsError(`${ADDED_VARIANTS_VARIABLE} (${file}): ${what}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`cannot be read as JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return fail(
      'must be a JSON object of variants by name, e.g. {"json-fastify-undici": {"like": "json-undici", ...}}',
    );
  }
  const added: Record<string, VariantInfo> = {};
  for (const [name, entry] of Object.entries(parsed)) {
    const known = { ...builtIn, ...added };
    const refuse = (what: string): never => fail(`variant "${name}": ${what}`);
    if (!NAME.test(name)) refuse('a name is lower-case letters, digits and dashes, starting with a letter, at most 40');
    if (name in known) refuse('is already a variant; give the new one a name of its own');
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) refuse('must be an object');
    const e = entry as Record<string, unknown>;
    const unknownField = Object.keys(e).find((k) => !(ENTRY_FIELDS as string[]).includes(k));
    if (unknownField) refuse(`has no field "${unknownField}"; an entry sets ${ENTRY_FIELDS.join(', ')}`);
    const like = oneOf(
      refuse,
      'like',
      e.like,
      Object.keys(builtIn).filter((v) => !v.includes('+')),
    );
    const base = builtIn[like];
    if (typeof e.changes !== 'string' || e.changes.trim() === '') refuse('"changes" must say what it changes');
    const serializer = e.serializer === undefined ? base.serializer : serializerFor(refuse, e.serializer, base);
    const { load: _notInherited, ...inherited } = base;
    const address = oneOf(refuse, 'address', e.address ?? base.address, SERVER_ADDRESSES);
    added[name] = {
      ...inherited,
      like: base.like ?? (like as VariantInfo['like']),
      changes: (e.changes as string).trim(),
      baseline: oneOf(refuse, 'baseline', e.baseline ?? like, Object.keys(known)),
      factor: oneOf(refuse, 'factor', e.factor ?? base.factor ?? 'client library', FACTORS),
      address,
      server: e.address === undefined ? base.server : SERVER_AT[address]!,
      ...(serializer === undefined ? {} : { serializer }),
      ...(e.load === undefined ? {} : { load: loadTarget(refuse, e.load, known) }),
    };
  }
  return added;
}

function oneOf<T extends string>(
  refuse: (what: string) => never,
  field: string,
  value: unknown,
  allowed: readonly T[],
): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  return refuse(`"${field}" must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
}

/** A serializer of the kind its model encodes: protobuf for protobuf, JSON for JSON. */
function serializerFor(refuse: (what: string) => never, value: unknown, base: VariantInfo): VariantInfo['serializer'] {
  const protobuf: string[] = protobufCodecNames();
  const json: string[] = jsonCodecNames();
  // A JSON-family path without a serializer of its own may send either body (proto-http is JSON's family): the
  // server refuses a serializer its reply cannot use, with a 400 that names it.
  const allowed = base.serializer
    ? protobuf.includes(base.serializer)
      ? protobuf
      : json
    : base.family === 'json' && base.generatedCode === undefined
      ? [...json, ...protobuf]
      : protobuf;
  return oneOf(refuse, 'serializer', value, allowed) as VariantInfo['serializer'];
}

/** Where load mode sends it: a family and a target that no other variant loads (a level is named by its variant). */
function loadTarget(
  refuse: (what: string) => never,
  value: unknown,
  known: Readonly<Record<string, VariantInfo>>,
): AddedVariantEntry['load'] {
  if (typeof value !== 'object' || value === null) return refuse('"load" must be {"transport": ..., "target": ...}');
  const { transport, target } = value as Record<string, unknown>;
  const load = {
    transport: oneOf(refuse, 'load.transport', transport, TRANSPORT_KINDS),
    target: oneOf(refuse, 'load.target', target, TARGET_KIND_NAMES),
  };
  const taken = Object.keys(known).find(
    (v) => known[v].load?.transport === load.transport && known[v].load?.target === load.target,
  );
  if (taken)
    refuse(`"load": ${load.transport} on target ${load.target} is ${taken}'s already; load mode loads a server once`);
  return load;
}
