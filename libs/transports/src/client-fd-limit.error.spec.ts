import { ClientFdLimitError } from './client-fd-limit.error';

describe('ClientFdLimitError.from', () => {
  it('names the client, its limit and what it was doing, for EMFILE on the error or its cause', () => {
    const direct = ClientFdLimitError.from(
      Object.assign(new Error('connect EMFILE 127.0.0.1:3001 - Local (undefined:undefined)'), { code: 'EMFILE' }),
      'connecting to json-server at x',
    );
    expect(direct?.code).toBe('EMFILE');
    expect(direct?.message).toMatch(
      new RegExp(
        String.raw`^the client ran out of file descriptors \(EMFILE: its limit of \d+ open files\) ` +
          String.raw`while connecting to json-server at x`,
      ),
    );
    const caused = ClientFdLimitError.from(
      new Error('request failed', { cause: Object.assign(new Error('x'), { code: 'ENFILE' }) }),
      'y',
    );
    expect(caused?.message).toContain('ENFILE: the system-wide limit');
    // grpc-js folds the socket error into its details text.
    expect(ClientFdLimitError.from({ code: 14, message: '14 UNAVAILABLE: connect EMFILE' }, 'z')?.code).toBe('EMFILE');
  });

  it('leaves every other error alone', () => {
    expect(
      ClientFdLimitError.from(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'x'),
    ).toBeUndefined();
    expect(ClientFdLimitError.from(new Error('EMFILES are not a thing'), 'x')).toBeUndefined();
    expect(ClientFdLimitError.from(undefined, 'x')).toBeUndefined();
  });
});
