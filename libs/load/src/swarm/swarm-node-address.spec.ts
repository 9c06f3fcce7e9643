import { addressOf } from './swarm-node-address';

describe("a swarm node's address from docker node inspect", () => {
  it('is Status.Addr when it names one', () => {
    expect(addressOf('10.0.0.5 \n')).toBe('10.0.0.5');
    expect(addressOf('127.0.0.1 127.0.0.1:2377\n')).toBe('127.0.0.1');
  });

  it("is the manager address's host when Status.Addr is 0.0.0.0 (as some Docker versions report a manager)", () => {
    expect(addressOf('0.0.0.0 192.168.1.20:2377')).toBe('192.168.1.20');
    expect(addressOf('0.0.0.0 [fd00::2]:2377')).toBe('fd00::2');
  });

  it('says so when there is none', () => {
    expect(() => addressOf('0.0.0.0 ')).toThrow(/docker node inspect gave no address/);
  });
});
