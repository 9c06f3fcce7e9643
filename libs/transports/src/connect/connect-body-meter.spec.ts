// The body meter counts message bytes only: a Connect unary body whole; in envelopes, the messages' bytes without
// the 5-byte heads, the end-of-stream (0x02) and gRPC-Web trailer (0x80) envelopes, however the chunks split them.
import { PhaseClock } from '../phase-clock';
import { ConnectBodyMeter } from './connect-body-meter';

function envelope(flags: number, length: number): Uint8Array {
  const bytes = new Uint8Array(5 + length);
  bytes[0] = flags;
  new DataView(bytes.buffer).setUint32(1, length);
  return bytes;
}

async function measure(enveloped: boolean, chunks: Uint8Array[]): Promise<ConnectBodyMeter> {
  const meter = new ConnectBodyMeter(new PhaseClock(), enveloped);
  async function* body() {
    yield* chunks;
  }
  const passed: number[] = [];
  for await (const chunk of meter.count(body())) passed.push(chunk.length);
  expect(passed).toEqual(chunks.map((c) => c.length));
  return meter;
}

describe('ConnectBodyMeter', () => {
  it('counts a plain body whole and stamps its last byte', async () => {
    const meter = await measure(false, [new Uint8Array(7), new Uint8Array(3)]);
    expect(meter.payloadBytes).toBe(10);
    expect(meter.clock.phases().ttlbMs).not.toBeNull();
  });

  it('counts enveloped messages without heads, end-of-stream or trailers, split anywhere', async () => {
    const all = Buffer.concat([
      envelope(0, 300),
      envelope(0, 0),
      envelope(0, 20),
      envelope(0x02, 40),
      envelope(0x80, 12),
    ]);
    for (const cut of [1, 3, 5, 6, 299, 305, 310, 330]) {
      const meter = await measure(true, [all.subarray(0, cut), all.subarray(cut)]);
      expect([cut, meter.payloadBytes]).toEqual([cut, 320]);
    }
    const byteByByte = await measure(
      true,
      [...all].map((b) => Uint8Array.of(b)),
    );
    expect(byteByByte.payloadBytes).toBe(320);
  });
});
