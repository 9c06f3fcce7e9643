import { createServer, Server, Socket } from 'node:net';

/** The first line a calibration client sends: echo every byte from now on, or send N bytes and close. */
export const ECHO_COMMAND = 'echo\n';
export const bulkCommand = (bytes: number): string => `bulk ${bytes}\n`;

const MAX_COMMAND = 64;
const BLOCK = Buffer.alloc(64 * 1024, 0x5a);

/**
 * A tiny TCP server (on 127.0.0.1 unless told otherwise, e.g. the far end of a link) that calibration measures the
 * path with: an echo for round trips and a bulk source for throughput. Our own, so what is measured is the path and
 * not an app's handler.
 */
export class CalibrationServer {
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly host: string,
    readonly port: number,
  ) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      serve(socket);
    });
  }

  /** Port 0: a free one, read back from `port`. */
  static start(host = '127.0.0.1', port = 0): Promise<CalibrationServer> {
    const server = createServer();
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve(new CalibrationServer(server, host, (server.address() as { port: number }).port)));
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function serve(socket: Socket): void {
  socket.setNoDelay(true);
  let head = '';
  const onCommand = (chunk: Buffer) => {
    head += chunk.toString('latin1');
    const newline = head.indexOf('\n');
    if (newline < 0) {
      if (head.length > MAX_COMMAND) socket.destroy();
      return;
    }
    socket.off('data', onCommand);
    const command = head.slice(0, newline + 1);
    const rest = Buffer.from(head.slice(newline + 1), 'latin1');
    const bulk = /^bulk (\d+)\n$/.exec(command);
    if (command === ECHO_COMMAND) {
      if (rest.length > 0) socket.write(rest);
      socket.on('data', (data: Buffer) => socket.write(data));
    } else if (bulk) {
      void sendBulk(socket, Number(bulk[1]));
    } else {
      socket.destroy();
    }
  };
  socket.on('data', onCommand);
}

/** N bytes as fast as the socket takes them (waiting for 'drain'), then the end of the stream. */
async function sendBulk(socket: Socket, bytes: number): Promise<void> {
  let left = bytes;
  while (left > 0 && !socket.destroyed) {
    const block = left >= BLOCK.length ? BLOCK : BLOCK.subarray(0, left);
    left -= block.length;
    if (!socket.write(block)) await drainedOrClosed(socket);
  }
  socket.end();
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
