import type { MethodDefinition } from '@grpc/proto-loader';
import { loadSamplePackageDefinition } from './grpc-options.factory';
import { invalidRequestProblem } from './invalid-request';
import { int32MessageOf, withStrictRequests } from './with-strict-requests';

const methods = (pkg: object) =>
  (pkg as Record<string, Record<string, MethodDefinition<any, any>>>)['sample.SampleService'];

describe('withStrictRequests', () => {
  const plain = methods(loadSamplePackageDefinition());
  const strict = methods(withStrictRequests(loadSamplePackageDefinition()));

  it('reads the int32 fields of each request message from the proto', () => {
    expect(int32MessageOf(plain.GetSamples)).toEqual({ name: 'GetSamplesParam', int32Fields: new Map([[1, 'count']]) });
    expect(int32MessageOf(plain.StreamSamples)).toEqual({
      name: 'StreamSamplesParam',
      int32Fields: new Map([
        [1, 'count'],
        [2, 'offset'],
        [3, 'chunk_rows'],
      ]),
    });
  });

  it('decodes a valid request to the same object as proto-loader, defaults included', () => {
    for (const request of [{ count: 0 }, { count: 5 }, { count: -1 }]) {
      const bytes = plain.GetSamples.requestSerialize(request);
      expect(strict.GetSamples.requestDeserialize(bytes)).toEqual(plain.GetSamples.requestDeserialize(bytes));
    }
    const stream = plain.StreamSamples.requestSerialize({ count: 10, chunk_rows: 3 });
    expect(strict.StreamSamples.requestDeserialize(stream)).toEqual({ count: 10, offset: 0, chunk_rows: 3 });
    expect(invalidRequestProblem(strict.StreamSamples.requestDeserialize(stream))).toBeNull();
  });

  it('returns the problem instead of truncating or throwing, where the original truncates and throws', () => {
    const tooBig = Buffer.from([0x08, 0x85, 0x80, 0x80, 0x80, 0x10]);
    expect(plain.GetSamples.requestDeserialize(tooBig)).toEqual({ count: 5 });
    expect(invalidRequestProblem(strict.GetSamples.requestDeserialize(tooBig))).toBe(
      'count: 4294967301 is outside int32 (varint on the wire)',
    );
    const garbage = Buffer.from([0xff, 0xff]);
    expect(() => plain.GetSamples.requestDeserialize(garbage)).toThrow();
    expect(invalidRequestProblem(strict.StreamSamples.requestDeserialize(garbage))).toBe(
      'request is not a valid StreamSamplesParam: a field runs past the end of its 2 bytes',
    );
  });

  it('leaves the replies alone', () => {
    const reply = { samples: [{ rowNum: 1, columnA: 'a' }] };
    expect(strict.GetSamples.responseSerialize(reply).equals(plain.GetSamples.responseSerialize(reply))).toBe(true);
  });
});
