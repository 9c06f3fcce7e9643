import { AddressInfo, connect, createServer } from 'node:net';
import { CountingRelay } from './counting-relay';

describe('CountingRelay', () => {
  it('passes bytes both ways and counts each direction', async () => {
    // A real echo server that answers every byte twice, so the two directions differ.
    const server = createServer((s) => s.on('data', (d) => s.write(Buffer.concat([d, d]))));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const relay = await CountingRelay.start('127.0.0.1', (server.address() as AddressInfo).port);
    const socket = connect(relay.port, '127.0.0.1');
    const received = await new Promise<number>((resolve) => {
      let n = 0;
      socket.on('data', (d) => {
        n += d.length;
        if (n === 200) resolve(n);
      });
      socket.write(Buffer.alloc(100, 7));
    });
    expect(received).toBe(200);
    expect(relay.bytesOut).toBe(100);
    expect(relay.bytesIn).toBe(200);
    relay.reset();
    expect([relay.bytesOut, relay.bytesIn]).toEqual([0, 0]);
    socket.destroy();
    await relay.close();
    server.close();
  });

  it('closes the client side when the target refuses', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const relay = await CountingRelay.start('127.0.0.1', deadPort);
    const socket = connect(relay.port, '127.0.0.1');
    await new Promise((resolve) => socket.on('close', resolve));
    await relay.close();
  });
});
