import { isStaleKeptAliveSocket } from './stale-kept-alive-socket';

const withCode = (code: string) => Object.assign(new Error(`write ${code}`), { code });

describe('isStaleKeptAliveSocket', () => {
  it('a reset or a broken pipe on a reused socket: the server closed it before the request reached it', () => {
    expect(isStaleKeptAliveSocket(withCode('ECONNRESET'), true)).toBe(true);
    // What a preset of twelve variants met at 1,000 parallel requests: the write after the server's close.
    expect(isStaleKeptAliveSocket(withCode('EPIPE'), true)).toBe(true);
  });

  it('never on a fresh socket, and never for other failures', () => {
    expect(isStaleKeptAliveSocket(withCode('EPIPE'), false)).toBe(false);
    expect(isStaleKeptAliveSocket(withCode('ECONNRESET'), undefined)).toBe(false);
    expect(isStaleKeptAliveSocket(withCode('ECONNREFUSED'), true)).toBe(false);
    expect(isStaleKeptAliveSocket(new Error('no code'), true)).toBe(false);
    expect(isStaleKeptAliveSocket(undefined, true)).toBe(false);
  });
});
