import { connect } from 'node:net';
import { bulkCommand } from './calibration-server';

/**
 * Throughput from a bulk source, server -> client, in Mbit/s (10^6 bit/s): timed from the first byte received to
 * the last, so the round trip that precedes the first byte is not counted; the bytes of the first read arrived
 * at the start and so are not counted either. Rejects past `timeoutMs` or if fewer bytes arrive than asked for.
 */
export function measureThroughput(host: string, port: number, bytes: number, timeoutMs = 30_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, noDelay: true });
    let received = 0;
    let firstBytes = 0;
    let first = 0n;
    let last = 0n;
    const timer = setTimeout(
      () =>
        fail(
          new Error(`throughput through ${host}:${port}: ${received} of ${bytes} bytes within ${timeoutMs / 1000} s`),
        ),
      timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    socket.on('error', fail);
    socket.on('connect', () => socket.write(bulkCommand(bytes)));
    socket.on('data', (chunk: Buffer) => {
      last = process.hrtime.bigint();
      if (received === 0) {
        first = last;
        firstBytes = chunk.length;
      }
      received += chunk.length;
    });
    socket.on('end', () => {
      clearTimeout(timer);
      socket.destroy();
      const seconds = Number(last - first) / 1e9;
      if (received !== bytes)
        reject(new Error(`throughput through ${host}:${port}: ${received} of ${bytes} bytes arrived`));
      else if (seconds <= 0)
        reject(new Error(`throughput through ${host}:${port}: all ${bytes} bytes came in one read; too few to time`));
      else resolve(((received - firstBytes) * 8) / seconds / 1e6);
    });
  });
}
