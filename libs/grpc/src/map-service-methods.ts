import type { MethodDefinition, PackageDefinition } from '@grpc/proto-loader';

/**
 * A copy of a package definition with every service method's definition passed through `map`; message and enum
 * definitions stay as they are. How a side wraps the (de)serializers grpc-js will call, without touching the proto.
 */
export function mapServiceMethods(
  pkg: PackageDefinition,
  map: (definition: MethodDefinition<object, object>) => MethodDefinition<object, object>,
): PackageDefinition {
  const out: PackageDefinition = {};
  for (const [name, definition] of Object.entries(pkg)) {
    if (!isServiceDefinition(definition)) {
      out[name] = definition;
      continue;
    }
    const service: Record<string, MethodDefinition<object, object>> = {};
    for (const [method, def] of Object.entries(definition)) service[method] = map(def);
    out[name] = service as PackageDefinition[string];
  }
  return out;
}

// Message and enum definitions carry `format`; a service is a record of methods, each with both (de)serializers.
function isServiceDefinition(d: unknown): d is Record<string, MethodDefinition<object, object>> {
  if (!d || typeof d !== 'object' || 'format' in d) return false;
  return Object.values(d).every(
    (m) => m && typeof m === 'object' && 'responseSerialize' in m && 'responseDeserialize' in m,
  );
}
