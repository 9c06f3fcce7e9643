import type { Socket } from 'node:net';

/** Resolves when a socket that refused a write can take more, or is gone: the pacing of a bulk sender. */
export function drainedOrClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done).off('close', done);
      resolve();
    };
    socket.on('drain', done).on('close', done);
  });
}
