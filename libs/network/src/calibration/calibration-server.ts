import { createServer, Server, Socket } from 'node:net';
import { writeBulk } from './write-bulk';

/**
 * The first line a calibration client sends: echo every byte from now on; send N bytes and close (throughput
 * server -> client); or take N bytes and answer how fast they arrived (client -> server).
 */
export const ECHO_COMMAND = 'echo\n';
export const bulkCommand = (bytes: number): string => `bulk ${bytes}\n`;
export const sinkCommand = (bytes: number): string => `sink ${bytes}\n`;
/**
 * The most a sink takes: more than any calibration sends (64 MiB at most), so a stray command cannot hold it forever.
 */
const MAX_SINK_BYTES = 2 ** 30;

const MAX_COMMAND = 64;

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
      server.listen(port, host, () =>
        resolve(new CalibrationServer(server, host, (server.address() as { port: number }).port)),
      );
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
    const sink = /^sink (\d+)\n$/.exec(command);
    if (command === ECHO_COMMAND) {
      if (rest.length > 0) socket.write(rest);
      socket.on('data', (data: Buffer) => socket.write(data));
    } else if (bulk) {
      void sendBulk(socket, Number(bulk[1]));
    } else if (sink && Number(sink[1]) > 0 && Number(sink[1]) <= MAX_SINK_BYTES) {
      takeSink(socket, Number(sink[1]), rest);
    } else {
      socket.destroy();
    }
  };
  socket.on('data', onCommand);
}

/** N bytes as fast as the socket takes them (waiting for 'drain'), then the end of the stream. */
async function sendBulk(socket: Socket, bytes: number): Promise<void> {
  await writeBulk(socket, bytes);
  socket.end();
}

/**
 * Takes N bytes and answers `<bytes of the first read> <ns from the first read to the last>`, timed here where they
 * arrive: the sender's buffers and the round trip before the first byte are not counted, as in measureThroughput.
 */
function takeSink(socket: Socket, bytes: number, rest: Buffer): void {
  let received = 0;
  let firstBytes = 0;
  let first = 0n;
  const take = (chunk: Buffer) => {
    if (chunk.length === 0) return;
    const now = process.hrtime.bigint();
    if (received === 0) {
      first = now;
      firstBytes = chunk.length;
    }
    received += chunk.length;
    if (received < bytes) return;
    socket.off('data', take);
    socket.end(`${firstBytes} ${now - first}\n`);
  };
  socket.on('data', take);
  take(rest);
}
