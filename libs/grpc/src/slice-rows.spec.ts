import { Metadata } from '@grpc/grpc-js';
import { InvalidSliceRowsError, readSliceRows, SLICE_ROWS_METADATA } from './slice-rows';

const withValues = (...values: string[]) => {
  const metadata = new Metadata();
  for (const v of values) metadata.add(SLICE_ROWS_METADATA, v);
  return metadata;
};

describe('readSliceRows', () => {
  it('is null when the request does not ask, the integer when it does', () => {
    expect(readSliceRows(new Metadata(), 100)).toBeNull();
    expect(readSliceRows(withValues('1'), 100)).toBe(1);
    expect(readSliceRows(withValues('100'), 100)).toBe(100);
  });

  it.each([['0'], ['101'], ['-1'], ['1.5'], ['abc'], [''], ['1e2'], ['99999999999'], ['5', '6']])(
    'refuses %j naming the limit',
    (...values) => {
      expect(() => readSliceRows(withValues(...values), 100)).toThrow(InvalidSliceRowsError);
      expect(() => readSliceRows(withValues(...values), 100)).toThrow(
        /wirebench-slice-rows must be an integer from 1 to 100 \(MAX_ROWS\)/,
      );
    },
  );
});
