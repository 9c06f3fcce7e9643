import { BINARY_BLOB_BYTES, useBinaryBlobBytes } from '@app/shapes';
import type { TargetInfo } from '../transport-contract/rows-transport.interface';
import { PayloadMismatchError } from './payload-mismatch.error';
import { requireSameShapeSetting } from './shape-setting-mismatch';

describe('requireSameShapeSetting', () => {
  const target = { server: 'json-server', address: 'http://127.0.0.1:3001' } as TargetInfo;
  afterEach(() => useBinaryBlobBytes(BINARY_BLOB_BYTES));

  it('refuses a server that builds binary rows with another BINARY_BLOB_BYTES, naming both values', () => {
    useBinaryBlobBytes(1024);
    const check = () => requireSameShapeSetting('binary', target, { BINARY_BLOB_BYTES: 4096 });
    expect(check).toThrow(PayloadMismatchError);
    expect(check).toThrow(
      'json-server at http://127.0.0.1:3001 sent rows that do not verify: it builds binary rows with ' +
        'BINARY_BLOB_BYTES=4096, this client with BINARY_BLOB_BYTES=1024: start the servers and the client ' +
        'with the same BINARY_BLOB_BYTES',
    );
  });

  it('lets the same size, a server that reports nothing, and shapes without a setting through', () => {
    useBinaryBlobBytes(1024);
    expect(() => requireSameShapeSetting('binary', target, { BINARY_BLOB_BYTES: 1024 })).not.toThrow();
    expect(() => requireSameShapeSetting('binary', target, null)).not.toThrow();
    expect(() => requireSameShapeSetting('binary', target, {})).not.toThrow();
    expect(() => requireSameShapeSetting('row', target, { BINARY_BLOB_BYTES: 4096 })).not.toThrow();
  });
});
