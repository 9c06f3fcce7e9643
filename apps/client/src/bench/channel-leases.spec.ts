import { ChannelLeases } from './channel-leases';
import type { BuiltTransport } from './variant-clients';

describe('ChannelLeases', () => {
  let made = 0;
  const channel = () => {
    made++;
    return { transport: {}, close: jest.fn(async () => undefined) } as unknown as BuiltTransport & {
      close: jest.Mock;
    };
  };
  beforeEach(() => (made = 0));

  it('gives each measurement a channel of its own, and one that ended well to the next of its key', async () => {
    const leases = new ChannelLeases();
    const a = leases.lease('grpc|row', channel);
    const b = leases.lease('grpc|row', channel);
    expect(a.entry).not.toBe(b.entry);
    await a.release(true);
    expect(leases.lease('grpc|row', channel).entry).toBe(a.entry);
    expect(leases.lease('grpc|numeric', channel).entry).not.toBe(a.entry);
    expect(made).toBe(3);
  });

  it('closes a channel whose measurement failed or was cancelled', async () => {
    const leases = new ChannelLeases();
    const a = leases.lease('k', channel);
    await a.release(false);
    expect(a.entry.close).toHaveBeenCalled();
    expect(leases.lease('k', channel).entry).not.toBe(a.entry);
  });

  it('hands every idle channel over for closing with the app, and closes those released after', async () => {
    const leases = new ChannelLeases();
    const idle = leases.lease('k', channel);
    const busy = leases.lease('k', channel);
    await idle.release(true);
    expect(leases.drain()).toEqual([idle.entry]);
    await busy.release(true);
    expect(busy.entry.close).toHaveBeenCalled();
    expect(leases.drain()).toEqual([]);
  });
});
