import { GrpcFrameScanner } from './grpc-frame-scanner';

const frame = (payload: number[], flag = 0, declared = payload.length) => {
  const prefix = Buffer.alloc(5);
  prefix.writeUInt8(flag, 0);
  prefix.writeUInt32BE(declared, 1);
  return Buffer.concat([prefix, Buffer.from(payload)]);
};

/** A scanner fed `body` in chunks of `size` bytes (1: byte by byte, across every boundary). */
function scan(body: Buffer, size: number, compressionNegotiated = false): GrpcFrameScanner {
  const scanner = new GrpcFrameScanner(compressionNegotiated);
  for (let at = 0; at < body.length; at += size) scanner.push(body.subarray(at, at + size));
  return scanner;
}

describe('GrpcFrameScanner', () => {
  describe.each([1, 2, 7, 1000])('in chunks of %i bytes', (size) => {
    it('tells each declared length once its prefix is in, before the payload', () => {
      const body = Buffer.concat([frame([8, 5]), frame([]), frame([1], 0, 300)]);
      const seen: Array<[number, number]> = [];
      let fed = 0;
      const scanner = new GrpcFrameScanner(false, (declared) => seen.push([declared, fed]));
      for (let at = 0; at < body.length; at += size) {
        const chunk = body.subarray(at, at + size);
        fed += chunk.length;
        scanner.push(chunk);
      }
      expect(seen.map(([declared]) => declared)).toEqual([2, 0, 300]);
      // Told during the chunk that completed the prefix (5, 12 and 17 bytes into the body), not after its payload.
      expect(seen.map(([, at]) => at)).toEqual(
        [5, 12, 17].map((end) => Math.min(body.length, Math.ceil(end / size) * size)),
      );
    });

    it('counts complete messages, empty ones included, and finds nothing wrong with them', () => {
      const scanner = scan(Buffer.concat([frame([8, 5]), frame([]), frame([8, 1, 16, 2])]), size);
      expect(scanner).toMatchObject({ messages: 3, flagProblem: null });
      expect(scanner.truncation()).toBeNull();
    });

    it('says how much of a message arrived when the body ends inside its payload', () => {
      const scanner = scan(Buffer.concat([frame([8, 5]), frame([8, 5], 0, 100)]), size);
      expect(scanner.messages).toBe(1);
      expect(scanner.truncation()).toBe('truncated gRPC message: the length prefix declares 100 bytes, 2 arrived');
    });

    it('says how much of the length prefix arrived when the body ends inside it', () => {
      expect(scan(frame([]).subarray(0, 3), size).truncation()).toBe(
        'truncated gRPC message: the request ended 3 bytes into the 5-byte length prefix',
      );
    });
  });

  it('finds nothing in an empty body', () => {
    const scanner = scan(Buffer.alloc(0), 1);
    expect(scanner).toMatchObject({ messages: 0, flagProblem: null });
    expect(scanner.truncation()).toBeNull();
  });

  it('refuses the compressed flag unless compression was negotiated', () => {
    expect(scan(frame([1, 2], 1), 1).flagProblem).toBe(
      'gRPC message flagged compressed (flag 1), but the call sent no grpc-encoding',
    );
    expect(scan(frame([1, 2], 1), 1, true).flagProblem).toBeNull();
  });

  it('refuses a flag that does not exist, negotiated or not, in any message, keeping the first', () => {
    const body = Buffer.concat([frame([8, 5]), frame([8, 5], 7), frame([8, 5], 2)]);
    for (const negotiated of [false, true]) {
      expect(scan(body, 3, negotiated).flagProblem).toBe(
        'gRPC message flag 7 does not exist (0 is uncompressed, 1 compressed)',
      );
    }
  });

  it('reads a flag inside a payload as payload', () => {
    expect(scan(frame([7, 1, 255]), 1).flagProblem).toBeNull();
  });
});
