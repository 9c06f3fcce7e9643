import { FileDescriptorProto, IFileDescriptorProto } from 'protobufjs/ext/descriptor';
import { declareImports } from './declare-imports';
import { loadSamplePackageDefinition } from './grpc-options.factory';

const encode = (file: IFileDescriptorProto) => FileDescriptorProto.encode(file).finish();
const decode = (bytes: Uint8Array) => FileDescriptorProto.decode(bytes) as IFileDescriptorProto;

describe('declareImports', () => {
  it("declares the files whose types a file's fields and methods use, by relative or absolute name", () => {
    const files = [
      {
        name: 'a.proto',
        package: 'a',
        messageType: [
          { name: 'Row', field: [{ name: 't', number: 1, type: 11, typeName: 'google.protobuf.Timestamp' }] },
        ],
      },
      {
        name: 'b.proto',
        package: 'b',
        service: [{ name: 'S', method: [{ name: 'M', inputType: '.a.Row', outputType: '.b.Out' }] }],
        messageType: [{ name: 'Out' }],
      },
      { name: 'google_protobuf.proto', package: 'google.protobuf', messageType: [{ name: 'Timestamp' }] },
    ].map(encode);
    const out = declareImports(files).map(decode);
    expect(out.map((f) => f.dependency ?? [])).toEqual([['google_protobuf.proto'], ['a.proto'], []]);
    // A file that needs nothing is handed back as it was.
    expect(declareImports(files)[2]).toBe(files[2]);
  });

  it("makes shapes.proto's descriptor import the Timestamp's file, as loaded by proto-loader", () => {
    const files = (
      loadSamplePackageDefinition()['wirebench.shapes.NumericRow'] as unknown as { fileDescriptorProtos: Buffer[] }
    ).fileDescriptorProtos;
    const out = declareImports(files).map(decode);
    const shapes = out.find((f) => f.package === 'wirebench.shapes')!;
    const timestamp = out.find((f) => (f.messageType ?? []).some((m) => m.name === 'Timestamp'))!;
    expect(shapes.dependency).toEqual([timestamp.name]);
  });
});
