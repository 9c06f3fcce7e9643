import { Field, Type } from 'protobufjs';
import { UserShapeError } from './user-shape-error';

const LONG_KEYS = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

/**
 * Refuses what the row message (or a message inside it) declares that wirebench cannot carry faithfully, naming the
 * field: a map with 64-bit keys, which protobufjs, and so proto-loader on both sides of every gRPC call, holds keyed
 * by 8-byte binary hashes instead of the numbers.
 */
export function checkSupportedFields(type: Type, seen = new Set<Type>()): void {
  if (seen.has(type)) return;
  seen.add(type);
  for (const field of type.fieldsArray) {
    field.resolve();
    const keyType = (field as Field & { keyType?: string }).keyType;
    if (field.map && keyType && LONG_KEYS.has(keyType)) {
      throw new UserShapeError(
        `cannot serve ${type.fullName.slice(1)}.` +
          `${field.name}: a map with ` +
          `${keyType} keys is held by proto-loader under binary hashes of the keys, not the numbers; use string keys`,
        'message',
      );
    }
    if (field.resolvedType instanceof Type) checkSupportedFields(field.resolvedType, seen);
  }
}
