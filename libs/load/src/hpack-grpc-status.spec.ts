import { readReplyStatus } from './hpack-grpc-status';

describe('readReplyStatus', () => {
  it('reads the trailers a grpc-js server sends (Huffman-coded names, raw values)', () => {
    // Captured from the project's Nest gRPC server: grpc-status: 0, grpc-message: OK, both literal with indexing.
    expect(readReplyStatus(Buffer.from('40889acac8b21234da8f013040899acac8b5254207317f024f4b', 'hex'))).toEqual({
      grpc: 0,
    });
  });

  it('reads :status from the static table and a literal one', () => {
    expect(readReplyStatus(Buffer.from('88', 'hex'))).toEqual({ http: 200 });
    // ":status" by static name index 8, literal value "503", without indexing.
    expect(readReplyStatus(Buffer.concat([Buffer.from([0x08, 0x03]), Buffer.from('503')]))).toEqual({ http: 503 });
  });

  it('reads a trailers-only error with plain and Huffman-coded values, after a table size update', () => {
    const plain = Buffer.concat([
      Buffer.from([0x20, 0x88, 0x00, 11]),
      Buffer.from('grpc-status'),
      Buffer.from([0x01]),
      Buffer.from('3'),
    ]);
    expect(readReplyStatus(plain)).toEqual({ http: 200, grpc: 3 });
    // "14" Huffman-coded: 00001 011010 + 5 bits of EOS padding = 0x0b 0x5f.
    const huffman = Buffer.concat([
      Buffer.from([0x10, 0x88]),
      Buffer.from('9acac8b21234da8f', 'hex'),
      Buffer.from([0x82, 0x0b, 0x5f]),
    ]);
    expect(readReplyStatus(huffman)).toEqual({ grpc: 14 });
  });

  it('passes over headers it does not need, and a reference it cannot resolve', () => {
    const block = Buffer.concat([
      Buffer.from([0xbe, 0x5f, 0x10]),
      Buffer.from('application/grpc'),
      Buffer.from([0x00, 0x03]),
      Buffer.from('foo'),
      Buffer.from([0x03]),
      Buffer.from('bar'),
    ]);
    expect(readReplyStatus(block)).toEqual({});
  });
});
