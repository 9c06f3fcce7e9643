import { Type, util, type Field } from 'protobufjs';

type Plain = Record<string, unknown>;
type Convert = (value: unknown) => unknown;

const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const same: Convert = (v) => v;

interface FieldPlan {
  loader: string;
  protons: string;
  toProtons: Convert;
  fromProtons: Convert;
}

function planField(field: Field): FieldPlan {
  field.resolve();
  const resolved = field.resolvedType;
  const nested = resolved instanceof Type ? protonsForm(resolved) : undefined;
  // Enums are names both ways (protons looks them up itself); strings, bytes, bools and 32-bit numbers are as is.
  const valueTo: Convert = nested
    ? (v) => nested.toProtons(v as Plain)
    : LONG_TYPES.has(field.type)
      ? (v) => BigInt(v as string | number | bigint)
      : same;
  // A decoded bigint stays one: the JSON form writes 64-bit integers with String(), which takes it.
  const valueFrom: Convert = nested ? (v) => nested.fromProtons(v as Plain) : same;
  return {
    loader: field.name,
    // pbjs's JSON (what protons compiles) names fields as protobufjs does without keepCase.
    protons: util.camelCase(field.name),
    toProtons: field.map
      ? (m) => new Map(Object.entries(m as Plain).map(([k, v]) => [k, valueTo(v)]))
      : field.repeated
        ? (list) => (list as unknown[]).map(valueTo)
        : valueTo,
    fromProtons: field.map
      ? (m) => Object.fromEntries(Array.from((m as Map<string, unknown>).entries(), ([k, v]) => [k, valueFrom(v)]))
      : field.repeated
        ? (list) => (list as unknown[]).map(valueFrom)
        : valueFrom,
  };
}

const forms = new WeakMap<Type, { toProtons: (m: Plain) => Plain; fromProtons: (m: Plain) => Plain }>();

/**
 * proto-loader's object form of a message of `type` (loaded with keepCase: the proto's names, 64-bit integers as
 * strings, enums as names, maps as objects) to protons' (lowerCamelCase names, bigint, Map) and back. Unset fields
 * stay unset. What protons' decoder gives back keeps its bigints: the JSON form takes them as they are.
 */
export function protonsForm(type: Type): { toProtons: (m: Plain) => Plain; fromProtons: (m: Plain) => Plain } {
  let form = forms.get(type);
  if (!form) {
    let plans: FieldPlan[] | undefined;
    // Planned on first use, so a message type that contains itself does not plan forever.
    const planned = () => (plans ??= type.fieldsArray.map(planField));
    // One copy of the set fields, from one form's keys to the other's, each value converted.
    const remap = (message: Plain, from: 'loader' | 'protons', to: 'loader' | 'protons', way: keyof FieldPlan) => {
      const out: Plain = {};
      for (const plan of planned()) {
        const v = message[plan[from]];
        if (v !== undefined && v !== null) out[plan[to]] = (plan[way] as Convert)(v);
      }
      return out;
    };
    form = {
      toProtons: (message) => remap(message, 'loader', 'protons', 'toProtons'),
      fromProtons: (message) => remap(message, 'protons', 'loader', 'fromProtons'),
    };
    forms.set(type, form);
  }
  return form;
}
