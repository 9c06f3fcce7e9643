// The HTTP/1.1 Connect client closes a kept-alive socket before the server would: a socket the server closes as the
// client reuses it fails the call (ECONNRESET), and connect-node has no retry for it.
import { CONNECT_CALLS } from '@app/bench';
import { createConnectClient } from './connect-client';
import { rowsCaller, startConnectFixture } from './fixtures/connect-rows-server.fixture';

describe('createConnectClient over HTTP/1.1', () => {
  it("closes an idle kept-alive socket a second before the server's announced keep-alive timeout", async () => {
    // The server keeps an idle socket 2 s and says so (Keep-Alive: timeout=2): the client lets go of it after 1 s.
    const fixture = await startConnectFixture({ http2: false, keepAliveTimeoutMs: 2_000 });
    const client = createConnectClient({ ...CONNECT_CALLS['connect-proto'], baseUrl: fixture.baseUrl });
    try {
      expect(await rowsCaller(client.transport)(2)).toHaveLength(2);
      expect(fixture.openConnections()).toBe(1);
      await new Promise((r) => setTimeout(r, 1_600));
      // Closed by the client: the server's own timer had 400 ms to go.
      expect(fixture.openConnections()).toBe(0);
    } finally {
      client.close();
      await fixture.close();
    }
  });
});
