import { BINARY_BLOB_BYTES, configuredBinaryBlobBytes, useBinaryBlobBytes } from '@app/shapes';
import { useParentBlobBytes } from './generator-blob-bytes';

describe('useParentBlobBytes (a load generator process)', () => {
  afterEach(() => useBinaryBlobBytes(BINARY_BLOB_BYTES));

  it('takes the binary blob size its parent passed, or the default without one', () => {
    useParentBlobBytes({ BINARY_BLOB_BYTES: '1024' });
    expect(configuredBinaryBlobBytes()).toBe(1024);
    useParentBlobBytes({});
    expect(configuredBinaryBlobBytes()).toBe(4096);
  });
});
