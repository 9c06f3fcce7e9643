import { connect } from 'node:net';

// A raw TCP source and sink, so a rate measured through it is the link's, not a server's serialization time.
// Protocol: the client sends "down <bytes>\n" (the server sends that many bytes and closes) or "up <bytes>\n"
// followed by the bytes (the server answers "ok" once it has them all).
export const BULK_SERVER_SCRIPT =
  `
const net = require('node:net');
const [host, port] = process.argv.slice(1);
net.createServer((socket) => {
  let head = Buffer.alloc(0), mode = null, want = 0, got = 0;
  socket.on('data', (chunk) => {
    if (mode === null) {
      head = Buffer.concat([head, chunk]);
      const nl = head.indexOf(10);
      if (nl < 0) return;
      [mode, want] = head.subarray(0, nl).toString().split(' ');
      want = Number(want);
      chunk = head.subarray(nl + 1);
      if (mode === 'down') {
        const block = Buffer.alloc(64 * 1024, 120);
        let left = want;
        const pump = () => { while (left > 0) { const n = Math.min(left, block.length); left -= n; if ` +
  `(!socket.write(block.subarray(0, n))) return socket.once('drain', pump); } socket.end(); };
        return pump();
      }
    }
    got += chunk.length;
    if (got >= want) socket.end('ok');
  });
}).listen(Number(port), host, () => console.log('bulk listening on ' + host + ':' + port));
`;

/** Mbit/s (10^6 bit/s) of a transfer of `bytes` in the given direction through the bulk server. */
export function measureMbit(
  host: string,
  port: number,
  direction: 'down' | 'up',
  bytes: number,
  timeoutMs = 10_000,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    const timer = setTimeout(
      () => socket.destroy(new Error(`bulk ${direction} of ${bytes} bytes: no end within ${timeoutMs} ms`)),
      timeoutMs,
    );
    let started = 0;
    let received = 0;
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('connect', () => {
      socket.write(`${direction} ${bytes}\n`);
      started = performance.now();
      if (direction === 'up') socket.write(Buffer.alloc(bytes, 120));
    });
    socket.on('data', (chunk) => (received += chunk.length));
    socket.on('end', () => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      if (direction === 'down' && received !== bytes)
        return reject(new Error(`bulk down: ${received} of ${bytes} bytes`));
      resolve((bytes * 8) / seconds / 1e6);
    });
  });
}
