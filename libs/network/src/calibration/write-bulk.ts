import type { Socket } from 'node:net';

const BLOCK = Buffer.alloc(64 * 1024, 0x5a);

/**
 * N filler bytes as fast as the socket takes them, waiting for 'drain' whenever it refuses more; stops early if the
 * socket goes. Both directions of calibration send with it: the calibration server's bulk source and the upload.
 */
export async function writeBulk(socket: Socket, bytes: number): Promise<void> {
  let left = bytes;
  while (left > 0 && !socket.destroyed) {
    const block = left >= BLOCK.length ? BLOCK : BLOCK.subarray(0, left);
    left -= block.length;
    if (!socket.write(block)) await drainedOrClosed(socket);
  }
}

function drainedOrClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done).off('close', done);
      resolve();
    };
    socket.on('drain', done).on('close', done);
  });
}
