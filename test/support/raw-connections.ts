import { readdirSync } from 'node:fs';
import { connect, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

// HTTP/2 (RFC 9113 3.4): the client preface's magic, and an empty SETTINGS frame that completes it.
export const H2_MAGIC = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
export const H2_PREFACE = Buffer.concat([H2_MAGIC, Buffer.from([0, 0, 0, 0x4, 0, 0, 0, 0, 0])]);
export const FRAME_PING = 0x6;
export const FRAME_GOAWAY = 0x7;

/** A TCP connection that sends some bytes once and then nothing, recording what the server does to it. */
export interface RawConnection {
  socket: Socket;
  /**
   * ms from the connect call to the server closing it; null while open. Counted from the call, before the SYN is
   * sent, so it is never shorter than the server's own count from its accept: on a busy machine this process can
   * see 'connect' long after the server accepted, and a count from there made the server's timeouts look early.
   */
  closedAfterMs: number | null;
  /** The HTTP/2 frame types the server sent, in order. */
  frameTypes: number[];
}

/**
 * Opens `count` connections to 127.0.0.1:port; each sends `bytes` once connected (none: stays silent). Resolves once
 * all are connected.
 */
export async function openRawConnections(port: number, count: number, bytes: Buffer): Promise<RawConnection[]> {
  return Promise.all(Array.from({ length: count }, () => openOne(port, bytes)));
}

function openOne(port: number, bytes: Buffer): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const calledAt = performance.now();
    const socket = connect(port, '127.0.0.1');
    const connection: RawConnection = { socket, closedAfterMs: null, frameTypes: [] };
    let connected = false;
    let pending = Buffer.alloc(0);
    socket.once('connect', () => {
      connected = true;
      if (bytes.length > 0) socket.write(bytes);
      resolve(connection);
    });
    socket.once('error', (error) => (connected ? undefined : reject(error)));
    // Reads every frame header (but never answers), so a server's PING or GOAWAY is seen.
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 9 && pending.length >= 9 + pending.readUIntBE(0, 3)) {
        connection.frameTypes.push(pending[3]);
        pending = pending.subarray(9 + pending.readUIntBE(0, 3));
      }
    });
    socket.on('close', () => (connection.closedAfterMs = performance.now() - calledAt));
  });
}

/** The open file descriptors of a process (Linux). */
export function fdCount(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/**
 * Samples a process's fd count every `everyMs` until stopped; `stop()` returns the highest count seen. A peak, not
 * one sample at a chosen moment: on a busy machine the server may accept late or close the first connections before
 * the last are open, and one sample then saw half of what the server held.
 */
export function fdPeak(pid: number, everyMs = 20): { stop: () => number } {
  let peak = fdCount(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, fdCount(pid));
    } catch {
      // The process is gone; the peak so far stands.
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
