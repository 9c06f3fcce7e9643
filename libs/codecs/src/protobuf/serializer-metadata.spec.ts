import { Metadata } from '@grpc/grpc-js';
import { PROTOBUF_CODECS, UnknownCodecError } from './protobuf-codecs';
import { readProtobufSerializer, SERIALIZER_METADATA } from './serializer-metadata';

function metadataOf(...values: string[]): Metadata {
  const metadata = new Metadata();
  for (const value of values) metadata.add(SERIALIZER_METADATA, value);
  return metadata;
}

describe('readProtobufSerializer', () => {
  it('is null when the request names none (proto-loader, the grpc path)', () => {
    expect(readProtobufSerializer(new Metadata())).toBeNull();
  });

  it('reads each serializer by its name', () => {
    for (const [name, codec] of Object.entries(PROTOBUF_CODECS))
      expect(readProtobufSerializer(metadataOf(name))).toBe(codec);
  });

  it('refuses an unknown name, or two, listing the valid ones', () => {
    for (const metadata of [metadataOf('avro'), metadataOf('protobuf-es', 'ts-proto'), metadataOf('')]) {
      expect(() => readProtobufSerializer(metadata)).toThrow(UnknownCodecError);
      expect(() => readProtobufSerializer(metadata)).toThrow(
        'valid ones are proto-loader, protobufjs-static, protobuf-es, ts-proto',
      );
    }
  });
});
