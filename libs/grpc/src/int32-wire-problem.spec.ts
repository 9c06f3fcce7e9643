import { Writer } from 'protobufjs/minimal';
import { int32WireProblem } from './int32-wire-problem';
import { varint } from './fixtures/varint';

const message = {
  name: 'StreamSamplesParam',
  int32Fields: new Map([
    [1, 'count'],
    [2, 'offset'],
    [3, 'chunk_rows'],
  ]),
};
const bytes = (...b: number[]) => Uint8Array.from(b);

describe('int32WireProblem', () => {
  it(
    'accepts what protobuf writes for int32: 0 to 2^31 - 1, negatives sign-extended to ten bytes, and ' +
      'unknown fields',
    () => {
      for (const value of [0, 1, 127, 128, 2 ** 31 - 1, -1, -(2 ** 31)]) {
        const encoded = Writer.create().uint32(8).int32(value).uint32(16).int32(value).finish();
        expect(int32WireProblem(encoded, message)).toBeNull();
      }
      expect(int32WireProblem(bytes(), message)).toBeNull();
      // Field 9 as a varint, a 64-bit, a length-delimited and a 32-bit value: skipped.
      expect(
        int32WireProblem(
          bytes(0x48, 0x96, 0x01, 0x49, 1, 2, 3, 4, 5, 6, 7, 8, 0x4a, 2, 0xff, 0xff, 0x4d, 1, 2, 3, 4, 0x08, 5),
          message,
        ),
      ).toBeNull();
    },
  );

  it.each([
    [
      'count = 2^32 + 5 (protobufjs reads 5)',
      [0x08, ...varint(2n ** 32n + 5n)],
      'count: 4294967301 is outside int32 (varint on the wire)',
    ],
    [
      'count = 2^53 + 1',
      [0x08, ...varint(2n ** 53n + 1n)],
      'count: 9007199254740993 is outside int32 (varint on the wire)',
    ],
    ['offset = 2^31', [0x10, ...varint(2n ** 31n)], 'offset: 2147483648 is outside int32 (varint on the wire)'],
    [
      '-1 in five bytes, not sign-extended',
      [0x18, 0xff, 0xff, 0xff, 0xff, 0x0f],
      'chunk_rows: 4294967295 is outside int32 (varint on the wire)',
    ],
    // 2^64 - 1 is -1 sign-extended, so the largest value that is no int32 is one below the negatives.
    [
      '2^64 - 2^31 - 1',
      [0x08, ...varint(2n ** 64n - 2n ** 31n - 1n)],
      'count: 18446744071562067967 is outside int32 (varint on the wire)',
    ],
    ['2^63', [0x08, ...varint(2n ** 63n)], 'count: 9223372036854775808 is outside int32 (varint on the wire)'],
  ])('refuses %s, naming the field and the value', (_what, encoded, problem) => {
    expect(int32WireProblem(Uint8Array.from(encoded), message)).toBe(problem);
  });

  it.each([
    ['a truncated varint in count', [0x08, 0x80], 'count: its varint runs past the end of the request'],
    [
      'a varint past 64 bits',
      [0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02],
      'count: its varint is longer than 64 bits',
    ],
    [
      'count as length-delimited',
      [0x0a, 0x01, 0x05],
      'count: sent as wire type 2, but an int32 is a varint (wire type 0)',
    ],
    [
      'garbage 0xff 0xff',
      [0xff, 0xff],
      'request is not a valid StreamSamplesParam: a field runs past the end of its 2 bytes',
    ],
    [
      'a wire type that does not exist',
      [0x4f],
      'request is not a valid StreamSamplesParam: invalid wire type 7 at offset 1',
    ],
    [
      'a length past the end',
      [0x4a, 0x05, 0x01],
      'request is not a valid StreamSamplesParam: a field runs past the end of its 3 bytes',
    ],
    ['field number 0', [0x00, 0x01], 'request is not a valid StreamSamplesParam: field number 0 at byte 0'],
  ])('refuses %s', (_what, encoded, problem) => {
    expect(int32WireProblem(Uint8Array.from(encoded), message)).toBe(problem);
  });
});
