import { ScalarType, type DescField, type DescMessage } from '@bufbuild/protobuf';

type Plain = Record<string, unknown>;
type Convert = (value: unknown) => unknown;

const INT64_TYPES = new Set<ScalarType>([
  ScalarType.INT64,
  ScalarType.UINT64,
  ScalarType.SINT64,
  ScalarType.FIXED64,
  ScalarType.SFIXED64,
]);

const same: Convert = (v) => v;
const toBigInt: Convert = (v) => BigInt(v as string | number | bigint);

function scalarConverter(scalar: ScalarType): Convert {
  return INT64_TYPES.has(scalar) ? toBigInt : same;
}

function enumConverter(field: DescField): Convert {
  const numbers = new Map((field.enum?.values ?? []).map((value) => [value.name, value.number]));
  return (v) => (typeof v === 'string' ? numbers.get(v) : v);
}

function valueConverter(field: DescField, kind: 'scalar' | 'enum' | 'message'): Convert {
  if (kind === 'enum') return enumConverter(field);
  if (kind === 'message') {
    const nested = protobufEsInit(field.message as DescMessage);
    return (v) => nested(v as Plain);
  }
  return scalarConverter(field.scalar as ScalarType);
}

function fieldConverter(field: DescField): Convert {
  switch (field.fieldKind) {
    case 'list': {
      const item = valueConverter(field, field.listKind);
      return (v) => (v as unknown[]).map(item);
    }
    case 'map': {
      const item = valueConverter(field, field.mapKind);
      return (v) => Object.fromEntries(Object.entries(v as Plain).map(([k, x]) => [k, item(x)]));
    }
    default:
      return valueConverter(field, field.fieldKind);
  }
}

const converters = new WeakMap<DescMessage, (message: Plain) => Plain>();

/**
 * proto-loader's object form of a message (the proto's field names, 64-bit integers as strings, enums as names) to
 * protobuf-es's init form (its lowerCamelCase local names, bigint, enum numbers), read from protobuf-es's own
 * descriptors of the generated code, so the mapping is protobuf-es's and not a guess. Unset fields stay unset.
 */
export function protobufEsInit(desc: DescMessage): (message: Plain) => Plain {
  let convert = converters.get(desc);
  if (!convert) {
    let plans: { from: string; to: string; convert: Convert }[] | undefined;
    convert = (message) => {
      // Planned on first use, so a message type that contains itself does not plan forever.
      plans ??= desc.fields.map((field) => ({ from: field.name, to: field.localName, convert: fieldConverter(field) }));
      const out: Plain = {};
      for (const plan of plans) {
        const v = message[plan.from];
        if (v !== undefined && v !== null) out[plan.to] = plan.convert(v);
      }
      return out;
    };
    converters.set(desc, convert);
  }
  return convert;
}
