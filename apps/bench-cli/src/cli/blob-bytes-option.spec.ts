import {
  BINARY_BLOB_BYTES,
  type BinaryRow,
  configuredBinaryBlobBytes,
  getShape,
  useBinaryBlobBytes,
} from '@app/shapes';
import { blobBytesEnv, blobBytesOption } from './blob-bytes-option';
import { parseOptions } from './options';
import { UsageError } from './usage-error';

describe('--blob-bytes', () => {
  afterEach(() => useBinaryBlobBytes(BINARY_BLOB_BYTES));

  it(
    'is null when not given, and passes nothing to the apps (they read BINARY_BLOB_BYTES as this process ' + 'does)',
    () => {
      expect(parseOptions([]).blobBytes).toBeNull();
      expect(blobBytesEnv(null)).toEqual({});
    },
  );

  it(
    "registers the size in this process, so what is computed here (preset sizes, bounds) is about the apps' " +
      'rows, and passes it on',
    () => {
      expect(parseOptions(['--blob-bytes', '1024', '--shapes', 'binary']).blobBytes).toBe(1024);
      expect(configuredBinaryBlobBytes()).toBe(1024);
      expect((getShape('binary').row(0) as BinaryRow).data.length).toBe(1024);
      expect(blobBytesEnv(1024)).toEqual({ BINARY_BLOB_BYTES: '1024' });
    },
  );

  it.each(['0', '1048577', '1k', '-5', ''])('refuses %j, naming the range and the setting', (raw) => {
    expect(() => blobBytesOption(raw)).toThrow(UsageError);
    expect(() => blobBytesOption(raw)).toThrow(
      `--blob-bytes must be an integer from 1 to 1048576 (the binary shape's blob, BINARY_BLOB_BYTES), got "${raw}"`,
    );
  });
});
