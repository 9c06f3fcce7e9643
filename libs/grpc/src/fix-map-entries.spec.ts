import { FileDescriptorProto, IFileDescriptorProto } from 'protobufjs/ext/descriptor';
import { fixMapEntries, mapEntryName } from './fix-map-entries';

describe('mapEntryName', () => {
  it.each([
    ['statuses', 'StatusesEntry'],
    ['my_map', 'MyMapEntry'],
    ['myMap', 'MyMapEntry'],
    ['a_b_c', 'ABCEntry'],
    ['_x2_y', 'X2YEntry'],
  ])('%s -> %s, as protoc names it', (field, entry) => expect(mapEntryName(field)).toBe(entry));
});

describe('fixMapEntries', () => {
  // What protobufjs's toDescriptor makes of `message Outer { message Inner { map<string, Inner> by_id = 1; } }`.
  const broken: IFileDescriptorProto = {
    name: 'x.proto',
    package: 'x',
    messageType: [
      {
        name: 'Outer',
        nestedType: [
          {
            name: 'Inner',
            field: [{ name: 'by_id', number: 1, label: 3, type: 11, typeName: 'By_id' }],
            nestedType: [
              {
                name: 'By_id',
                field: [
                  { name: 'key', number: 1, label: 1, type: 9 },
                  { name: 'value', number: 2, label: 1, type: 11, typeName: 'Inner' },
                ],
                options: { mapEntry: true },
              },
            ],
          },
        ],
      },
    ],
  };

  it('renames nested map entries and points the field at them by full name', () => {
    const fixed = FileDescriptorProto.decode(
      fixMapEntries(FileDescriptorProto.encode(broken).finish()),
    ) as IFileDescriptorProto;
    const inner = fixed.messageType![0].nestedType![0];
    expect(inner.field![0].typeName).toBe('.x.Outer.Inner.ByIdEntry');
    expect(inner.nestedType![0].name).toBe('ByIdEntry');
    expect(inner.nestedType![0].field![1].typeName).toBe('Inner');
  });

  it('leaves a file without maps as it was', () => {
    const plain = FileDescriptorProto.encode({
      name: 'p.proto',
      messageType: [{ name: 'P', field: [{ name: 'n', number: 1, label: 1, type: 5 }] }],
    }).finish();
    expect(Buffer.from(fixMapEntries(plain)).equals(Buffer.from(plain))).toBe(true);
  });
});
