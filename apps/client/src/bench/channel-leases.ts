import type { BuiltTransport } from './variant-clients';

/**
 * One HTTP/2 connection per measurement for the paths that multiplex (the gRPC channels, connect over h2c): two
 * callers' measurements on one connection would share its TCP stream and flow-control window, and a cancelled one's
 * burst of RST_STREAMs can make the server close the connection under both (nghttp2's rapid-reset guard). A channel
 * whose measurement ended well waits, still connected, for the next one with the same key, so calls one after
 * another measure a warm connection; one whose measurement failed or was cancelled is closed.
 */
export class ChannelLeases {
  /** Channels between measurements, by the factory's key (variant, shape, dial). */
  private readonly idle = new Map<string, BuiltTransport[]>();
  private closing = false;

  /** An idle channel of `key`, or a new one from `build`, and what to call when its measurement is over. */
  lease(key: string, build: () => BuiltTransport): { entry: BuiltTransport; release(ok: boolean): Promise<void> } {
    const idle = this.idle.get(key) ?? [];
    this.idle.set(key, idle);
    const entry = idle.pop() ?? build();
    return {
      entry,
      release: async (ok) => {
        if (ok && !this.closing) idle.push(entry);
        else await entry.close().catch(() => undefined);
      },
    };
  }

  /** Every idle channel, for closing with the app; channels still leased close when released. */
  drain(): BuiltTransport[] {
    this.closing = true;
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    return all;
  }
}
