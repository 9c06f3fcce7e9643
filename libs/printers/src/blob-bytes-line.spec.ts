import { SAMPLE_RUN } from '@app/explain';
import { blobBytesLine } from './blob-bytes-line';

describe('blobBytesLine', () => {
  const result = SAMPLE_RUN.scenarios[0];

  it('names a blob size other than the default', () => {
    expect(blobBytesLine([result, { ...result, shape: 'binary', blobBytes: 1024 }])).toBe(
      'shape binary carries a blob of 1024 bytes per row (BINARY_BLOB_BYTES, --blob-bytes; default 4096)',
    );
  });

  it('says nothing for the default size or without binary results', () => {
    expect(blobBytesLine([result, { ...result, shape: 'binary', blobBytes: 4096 }])).toBeNull();
    expect(blobBytesLine([result])).toBeNull();
  });
});
