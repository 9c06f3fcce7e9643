import { TransportError } from '../transport-contract/transport-errors';
import { nameTheRun } from './name-the-run';
import { RunCancelledError } from './run-cancelled.error';

describe('nameTheRun', () => {
  const target = { server: 'grpc-server' as const, address: '127.0.0.1:3002' };

  it('puts the run in front of a transport error once, however often it is passed on', () => {
    const error = new TransportError('unavailable', target, 'ECONNRESET');
    nameTheRun(error, 'measured run 1/3 of grpc single rows=5 requests=1');
    nameTheRun(error, 'measured run 9/9 of something else');
    expect(error.message).toBe(
      'measured run 1/3 of grpc single rows=5 requests=1: grpc-server at 127.0.0.1:3002 is unavailable: ECONNRESET',
    );
    expect(error.run).toBe('measured run 1/3 of grpc single rows=5 requests=1');
  });

  it("leaves errors that are no server's failure as they are", () => {
    for (const error of [
      new RunCancelledError('during request 1/1 of a json single run'),
      new Error('a transport built for shape row cannot run a binary scenario'),
    ]) {
      const message = error.message;
      expect(nameTheRun(error, 'warm-up run 1/1 of json single rows=1 requests=1')).toBe(error);
      expect(error.message).toBe(message);
      expect(error).not.toHaveProperty('run');
    }
  });
});
