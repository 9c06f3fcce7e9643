import { CONNECT_CALLS } from './connect-variants';
import { VARIANT_NAMES, VARIANTS } from './variants';
import { wireDifferences, wireTraitsOf } from './wire-traits';

describe('wireTraitsOf', () => {
  it("reads every connect variant's traits from its call and its generated code", () => {
    for (const v of VARIANT_NAMES.filter((name) => VARIANTS[name].family === 'connect')) {
      const call = CONNECT_CALLS[v as keyof typeof CONNECT_CALLS];
      expect(wireTraitsOf(v)).toMatchObject({
        httpVersion: call.httpVersion,
        encoding: call.binary ? 'binary protobuf' : 'JSON',
        serializer: 'protobuf-es',
      });
    }
    expect(wireTraitsOf('connect-grpc')!.protocol).toBe('gRPC');
    expect(wireTraitsOf('grpc-web')!.protocol).toBe('gRPC-Web');
  });

  it("gives json's and grpc's with each family's default serializer, and nothing for other variants", () => {
    expect(wireTraitsOf('json')).toEqual({
      httpVersion: '1.1',
      protocol: 'plain HTTP',
      encoding: 'JSON',
      messageForm: 'one message',
      serializer: 'json-stringify',
    });
    expect(wireTraitsOf('grpc')).toEqual({
      httpVersion: '2',
      protocol: 'gRPC',
      encoding: 'binary protobuf',
      messageForm: 'one message',
      serializer: 'proto-loader',
    });
    expect(wireTraitsOf('connect-stream')!.messageForm).toBe('a stream of chunk-row messages');
    expect(wireTraitsOf('grpc-static')).toBeNull();
    expect(wireTraitsOf('json+gzip')).toBeNull();
  });
});

describe('wireDifferences', () => {
  it('names connections for parallel requests, the HTTP version for one', () => {
    expect(wireDifferences('connect-proto', 'grpc', true)).toEqual([
      'HTTP/1.1 keep-alive sockets against one HTTP/2 connection',
      'the Connect protocol against the gRPC protocol',
      'protobuf-es against proto-loader as serializer',
    ]);
    expect(wireDifferences('connect-proto', 'grpc', false)![0]).toBe('HTTP/1.1 against HTTP/2');
  });

  it('names the encoding with both serializers when it differs, and only what differs', () => {
    expect(wireDifferences('connect-proto', 'json', false)).toEqual([
      'the Connect protocol against plain HTTP',
      'binary protobuf (protobuf-es) against JSON (json-stringify)',
    ]);
    expect(wireDifferences('connect-json', 'json', true)).toEqual([
      'the Connect protocol against plain HTTP',
      'protobuf-es against json-stringify as serializer',
    ]);
    expect(wireDifferences('connect-grpc', 'grpc', true)).toEqual(['protobuf-es against proto-loader as serializer']);
    expect(wireDifferences('json', 'json', true)).toEqual([]);
    // Unknown is not "nothing differs".
    expect(wireDifferences('connect-proto', 'grpc-static', true)).toBeNull();
    expect(wireDifferences('connect-stream', 'grpc', false)).toEqual([
      'HTTP/1.1 against HTTP/2',
      'the Connect protocol against the gRPC protocol',
      'a stream of chunk-row messages against one message',
      'protobuf-es against proto-loader as serializer',
    ]);
  });
});
