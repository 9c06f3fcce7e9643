import { cleanDetail, TransportError } from './transport-errors';

describe('TransportError', () => {
  const target = { server: 'grpc-server' as const, address: '127.0.0.1:1' };

  it("drops grpc-js's empty trailing resolution note", () => {
    const detail =
      '14 UNAVAILABLE: No connection established. Last error: connect ECONNREFUSED 127.0.0.1:1 ' +
      '(2026-11-22T21:00:00.000Z). Resolution note: ';
    const error = new TransportError('unavailable', target, detail);
    expect(error.message).toBe(
      'grpc-server at 127.0.0.1:1 is unavailable: 14 UNAVAILABLE: No connection established. Last error: ' +
        'connect ECONNREFUSED 127.0.0.1:1 (2026-11-22T21:00:00.000Z)',
    );
    expect(error.message).not.toMatch(/Resolution note/);
  });

  it('keeps a resolution note that says something', () => {
    expect(cleanDetail('14 UNAVAILABLE: x. Resolution note: DNS failed')).toBe(
      '14 UNAVAILABLE: x. Resolution note: DNS failed',
    );
  });
});
