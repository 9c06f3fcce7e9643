import { connect } from 'node:net';
import { ECHO_COMMAND } from './calibration-server';

const PING = Buffer.from('p');

/**
 * Round-trip time to an echo server: `count` one-byte pings on one connection, each sent when the previous came
 * back, and their median in ms. One unmeasured ping first, so connecting (and the proxy dialing its upstream)
 * is not counted. Rejects past `timeoutMs`.
 */
export function measureRtt(host: string, port: number, count = 20, timeoutMs = 30_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, noDelay: true });
    const times: number[] = [];
    let sentAt = 0n;
    let warm = false;
    const timer = setTimeout(
      () =>
        fail(new Error(`RTT through ${host}:${port}: ${times.length} of ${count} pings within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    const ping = () => {
      sentAt = process.hrtime.bigint();
      socket.write(PING);
    };
    socket.on('error', fail);
    socket.on('connect', () => {
      socket.write(ECHO_COMMAND);
      ping();
    });
    // One byte sent, one byte back: each data event is one pong (the next ping waits for it).
    socket.on('data', () => {
      const elapsed = Number(process.hrtime.bigint() - sentAt) / 1e6;
      if (warm) times.push(elapsed);
      warm = true;
      if (times.length < count) return ping();
      clearTimeout(timer);
      socket.destroy();
      resolve(median(times));
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
