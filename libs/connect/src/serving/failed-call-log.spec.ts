import { Code, ConnectError } from '@connectrpc/connect';
import { failedCallLog } from './failed-call-log';

// Errors as Node and connect-node make them: a socket write to a gone caller, wrapped by connectErrorFromNodeReason.
function nodeError(message: string, code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}
const wrapped = (cause: Error, code = Code.Internal) =>
  new ConnectError(cause.message, code, undefined, undefined, cause);

describe('failedCallLog', () => {
  const procedure = 'sample.SampleService/GetSamples';

  it.each([
    [
      'write EPIPE (connect-es: internal, a multi-line stack)',
      wrapped(nodeError('write EPIPE', 'EPIPE')),
      'write EPIPE',
    ],
    ['ECONNRESET', wrapped(nodeError('read ECONNRESET', 'ECONNRESET'), Code.Aborted), 'read ECONNRESET'],
    [
      'a destroyed stream',
      wrapped(nodeError('Cannot call write after a stream was destroyed', 'ERR_STREAM_DESTROYED'), Code.Aborted),
      'Cannot call write after a stream was destroyed',
    ],
    [
      'an h2 stream the client cancelled',
      new ConnectError('http/2 stream closed with error code CANCEL (0x8)', Code.Canceled),
      'http/2 stream closed with error code CANCEL (0x8)',
    ],
  ])('a caller gone (%s): one warning line naming the procedure, no stack', (_what, reason, why) => {
    expect(failedCallLog(procedure, reason)).toEqual({
      level: 'warn',
      line: `sample.SampleService/GetSamples: the caller went away before the reply was written (${why})`,
    });
  });

  it('any other failure: an error with its stack', () => {
    const reason = new Error('serialize binary: invalid uint32: -1');
    expect(failedCallLog(procedure, reason)).toEqual({
      level: 'error',
      line: 'sample.SampleService/GetSamples failed: serialize binary: invalid uint32: -1',
      stack: expect.stringContaining('\n'),
    });
  });
});
