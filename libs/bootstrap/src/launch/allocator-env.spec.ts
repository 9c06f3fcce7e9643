import { CLIENT_ALLOCATOR_ENV, envForApp } from './allocator-env';

describe('envForApp', () => {
  it('gives the client the allocator settings, under the rest of its environment', () => {
    expect(envForApp('client', { CLIENT_PORT: '1' })).toEqual({ ...CLIENT_ALLOCATOR_ENV, CLIENT_PORT: '1' });
  });

  it("keeps a user's own value", () => {
    expect(envForApp('client', { MALLOC_MMAP_THRESHOLD_: '131072' }).MALLOC_MMAP_THRESHOLD_).toBe('131072');
  });

  it('leaves the servers on glibc defaults', () => {
    expect(envForApp('json-server', { A: '1' })).toEqual({ A: '1' });
  });
});
