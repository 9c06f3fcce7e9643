import { connect } from 'node:net';
import { sinkCommand } from './calibration-server';
import { writeBulk } from './write-bulk';

/**
 * Throughput client -> server, in Mbit/s (10^6 bit/s): N bytes sent as fast as the socket takes them to the
 * calibration server's sink, which times them where they arrive (first read to last, the first read's bytes not
 * counted) and answers; the mirror of measureThroughput. Rejects past `timeoutMs` or on an answer it cannot read.
 */
export function measureUploadThroughput(
  host: string,
  port: number,
  bytes: number,
  timeoutMs = 30_000,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, noDelay: true });
    let answer = '';
    const timer = setTimeout(
      () =>
        fail(
          new Error(
            `upload throughput through ${host}:${port}: no answer for ${bytes} bytes within ${timeoutMs / 1000} s`,
          ),
        ),
      timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    socket.on('error', fail);
    socket.on('connect', () => {
      socket.write(sinkCommand(bytes));
      void writeBulk(socket, bytes);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => {
      clearTimeout(timer);
      socket.destroy();
      const timed = /^(\d+) (\d+)\n$/.exec(answer);
      if (!timed)
        return reject(
          new Error(
            `upload throughput through ` +
              `${host}:${port}: the calibration server answered ${JSON.stringify(answer.slice(0, 60))}`,
          ),
        );
      const [firstBytes, nanos] = [Number(timed[1]), Number(timed[2])];
      if (nanos <= 0)
        reject(
          new Error(`upload throughput through ${host}:${port}: all ${bytes} bytes came in one read; too few to time`),
        );
      else resolve(((bytes - firstBytes) * 8) / (nanos / 1e9) / 1e6);
    });
  });
}
