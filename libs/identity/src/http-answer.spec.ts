import { httpAnswer } from './http-answer';

describe('httpAnswer', () => {
  it('rejects a call it cannot make (an address that is no URL) and leaves no deadline behind to fire', async () => {
    // A gRPC address handed to the HTTP admin client once crashed the client: the deadline fired on a request that
    // was never made (a ReferenceError outside any promise).
    await expect(httpAnswer('127.0.0.1:3032', 'GET', '/admin/resources', 20)).rejects.toThrow(/Invalid URL/);
    const fired: unknown[] = [];
    const listener = (error: unknown) => fired.push(error);
    process.on('uncaughtException', listener);
    try {
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      process.off('uncaughtException', listener);
    }
    expect(fired).toEqual([]);
  });
});
