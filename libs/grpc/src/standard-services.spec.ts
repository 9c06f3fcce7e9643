// What the servers' reflection service answers, decoded and checked the way strict descriptor pools (Go's
// protodesc in grpcurl and ghz) check it, without a network: a fake server collects the handlers that
// addHealthAndReflection registers, and the test talks to them as grpcurl would.
import { EventEmitter } from 'node:events';
import { FileDescriptorProto, IDescriptorProto, IFileDescriptorProto } from 'protobufjs/ext/descriptor';
import { loadSamplePackageDefinition } from './grpc-options.factory';
import { addHealthAndReflection } from './standard-services';

type Handler = (stream: EventEmitter & { write(m: any): void; end(): void }) => void;

/** The ServerReflectionInfo handlers that the servers register, by reflection version. */
function reflectionHandlers(): Record<string, Handler> {
  const handlers: Record<string, Handler> = {};
  const server = {
    addService(service: Record<string, { path: string }>, implementation: Record<string, Handler>) {
      const match = /^\/grpc\.reflection\.(v1|v1alpha)\.ServerReflection\//.exec(
        service.ServerReflectionInfo?.path ?? '',
      );
      if (match) handlers[match[1]] = implementation.ServerReflectionInfo;
    },
  };
  addHealthAndReflection(loadSamplePackageDefinition(), server);
  return handlers;
}

/** One request on a reflection stream, as grpcurl sends it; the handler answers synchronously. */
function ask(handler: Handler, request: Record<string, unknown>): any {
  const replies: any[] = [];
  const stream = Object.assign(new EventEmitter(), { write: (m: any) => replies.push(m), end: () => undefined });
  handler(stream);
  stream.emit('data', request);
  expect(replies).toHaveLength(1);
  expect(replies[0].errorResponse).toBeUndefined();
  return replies[0];
}

/** Every file the reflection service serves for the services it lists, decoded, by file name. */
function servedFiles(handler: Handler): { services: string[]; files: Map<string, IFileDescriptorProto> } {
  const services = ask(handler, { messageRequest: 'listServices', listServices: '*' }).listServicesResponse.service.map(
    (s: any) => s.name,
  );
  const files = new Map<string, IFileDescriptorProto>();
  for (const symbol of services) {
    const reply = ask(handler, { messageRequest: 'fileContainingSymbol', fileContainingSymbol: symbol });
    for (const bytes of reply.fileDescriptorResponse.fileDescriptorProto) {
      const file = FileDescriptorProto.decode(bytes) as IFileDescriptorProto;
      files.set(file.name!, file);
    }
  }
  return { services, files };
}

/** All messages of the files by fully-qualified name (".pkg.Outer.Inner"), with their parent. */
function messagesByName(
  files: Iterable<IFileDescriptorProto>,
): Map<string, { message: IDescriptorProto; parent?: string }> {
  const all = new Map<string, { message: IDescriptorProto; parent?: string }>();
  const add = (message: IDescriptorProto, scope: string, parent?: string) => {
    const name = `${scope}.${message.name}`;
    all.set(name, { message, parent });
    for (const nested of message.nestedType ?? []) add(nested, name, name);
  };
  for (const file of files)
    for (const message of file.messageType ?? []) add(message, file.package ? `.${file.package}` : '');
  return all;
}

/** protobuf's scoping: an absolute name as is, a relative one from the innermost enclosing scope outwards. */
function resolve(typeName: string, scope: string, known: Map<string, unknown>): string | undefined {
  if (typeName.startsWith('.')) return known.has(typeName) ? typeName : undefined;
  for (let s = scope; ; s = s.slice(0, s.lastIndexOf('.'))) {
    if (known.has(`${s}.${typeName}`)) return `${s}.${typeName}`;
    if (s === '') return undefined;
  }
}

/** protoc's CamelCase(field name) + "Entry", written out here so the test does not trust the code it checks. */
const expectedEntryName = (field: string) =>
  field.replace(/(^|_)([a-z]?)/g, (_, __, c: string) => c.toUpperCase()) + 'Entry';

describe.each(['v1', 'v1alpha'])('descriptors served by grpc.reflection.%s', (version) => {
  const { services, files } = servedFiles(reflectionHandlers()[version]);
  const messages = messagesByName(files.values());

  it('lists the sample and health services and serves the messages they use', () => {
    expect(services).toEqual(expect.arrayContaining(['sample.SampleService', 'grpc.health.v1.Health']));
    for (const name of [
      '.sample.Samples',
      '.sample.GetSamplesParam',
      '.grpc.health.v1.HealthCheckRequest',
      '.grpc.health.v1.HealthCheckResponse',
    ]) {
      expect(messages.has(name)).toBe(true);
    }
  });

  it('names every map entry as protoc does, and every map field refers to its own entry', () => {
    const mapFields: string[] = [];
    const unresolved: string[] = [];
    const usedEntries = new Set<string>();
    for (const [messageName, { message }] of messages) {
      for (const field of message.field ?? []) {
        const target = field.typeName ? resolve(field.typeName, messageName, messages) : undefined;
        if (field.type === 11 && !target) unresolved.push(`${messageName}.${field.name} -> ${field.typeName}`);
        if (!target || !messages.get(target)!.message.options?.mapEntry) continue;
        mapFields.push(`${messageName}.${field.name}`);
        usedEntries.add(target);
        const entry = messages.get(target)!;
        expect({ field: field.name, entry: entry.message.name, parent: entry.parent, label: field.label }).toEqual({
          field: field.name,
          entry: expectedEntryName(field.name!),
          parent: messageName,
          label: 3,
        });
        expect(entry.message.field?.map((f) => [f.name, f.number, f.label])).toEqual([
          ['key', 1, 1],
          ['value', 2, 1],
        ]);
      }
    }
    expect(unresolved).toEqual([]);
    expect(mapFields.sort()).toEqual([
      '.grpc.health.v1.HealthListResponse.statuses',
      '.wirebench.shapes.NestedRow.attributes',
    ]);
    expect(usedEntries).toEqual(
      new Set(['.grpc.health.v1.HealthListResponse.StatusesEntry', '.wirebench.shapes.NestedRow.AttributesEntry']),
    );
    const entries = [...messages].filter(([, { message }]) => message.options?.mapEntry).map(([name]) => name);
    expect(entries.sort()).toEqual([...usedEntries].sort());
  });
});
