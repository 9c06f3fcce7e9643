import type { NetworkProfile } from '../profiles/network-profile.interface';
import { clearEndCommand, linkShapingPlan } from './link-shaping-commands';

const ends = { host: { device: 'wb-7-0h' }, server: { device: 'wb-7-0s', netns: 'wb-7-0' } };
const profile = (p: Partial<NetworkProfile>): NetworkProfile => ({
  name: 'x',
  description: '',
  latencyMs: 0,
  jitterMs: 0,
  downMbit: null,
  upMbit: null,
  ...p,
});

describe('linkShapingPlan', () => {
  it('limits client -> server on the host end and server -> client on the namespace end', () => {
    const plan = linkShapingPlan(profile({ downMbit: 20, upMbit: 5 }), ends, false);
    expect(plan).toMatchObject({ bandwidth: 'tc tbf', latency: 'none' });
    expect(plan.commands).toEqual([
      [
        'tc',
        'qdisc',
        'replace',
        'dev',
        'wb-7-0h',
        'root',
        'handle',
        '1:',
        'tbf',
        'rate',
        '5000000bit',
        'burst',
        '6056',
        'limit',
        '65536',
      ],
      [
        'tc',
        '-n',
        'wb-7-0',
        'qdisc',
        'replace',
        'dev',
        'wb-7-0s',
        'root',
        'handle',
        '1:',
        'tbf',
        'rate',
        '20000000bit',
        'burst',
        '10000',
        'limit',
        '65536',
      ],
    ]);
  });

  it('leaves an unlimited direction alone', () => {
    const plan = linkShapingPlan(profile({ downMbit: 100 }), ends, false);
    expect(plan.commands.map((c) => c.includes('wb-7-0s'))).toEqual([true]);
  });

  it('without netem hands the delay to Toxiproxy and installs only tbf', () => {
    const plan = linkShapingPlan(profile({ latencyMs: 20, jitterMs: 2, downMbit: 100, upMbit: 100 }), ends, false);
    expect(plan).toMatchObject({ bandwidth: 'tc tbf', latency: 'toxiproxy' });
    expect(plan.commands.flat()).not.toContain('netem');
  });

  it('with netem puts netem at the root (one-way delay and jitter on each end) and tbf beneath it', () => {
    const plan = linkShapingPlan(profile({ latencyMs: 20, jitterMs: 2, downMbit: 100, upMbit: 100 }), ends, true);
    expect(plan).toMatchObject({ bandwidth: 'tc tbf', latency: 'netem' });
    expect(plan.commands).toEqual([
      [
        'tc',
        'qdisc',
        'replace',
        'dev',
        'wb-7-0h',
        'root',
        'handle',
        '1:',
        'netem',
        'limit',
        '1000',
        'delay',
        '20ms',
        '2ms',
      ],
      [
        'tc',
        'qdisc',
        'replace',
        'dev',
        'wb-7-0h',
        'parent',
        '1:1',
        'handle',
        '10:',
        'tbf',
        'rate',
        '100000000bit',
        'burst',
        '50000',
        'limit',
        '550000',
      ],
      [
        'tc',
        '-n',
        'wb-7-0',
        'qdisc',
        'replace',
        'dev',
        'wb-7-0s',
        'root',
        'handle',
        '1:',
        'netem',
        'limit',
        '1000',
        'delay',
        '20ms',
        '2ms',
      ],
      [
        'tc',
        '-n',
        'wb-7-0',
        'qdisc',
        'replace',
        'dev',
        'wb-7-0s',
        'parent',
        '1:1',
        'handle',
        '10:',
        'tbf',
        'rate',
        '100000000bit',
        'burst',
        '50000',
        'limit',
        '550000',
      ],
    ]);
  });

  it("sizes netem's queue for the frames a fast link holds in flight during the delay", () => {
    const plan = linkShapingPlan(profile({ latencyMs: 5, upMbit: 1000, downMbit: 1000 }), ends, true);
    // 1 Gbit/s for 5 ms is 413 frames of 1514 bytes; twice that is under the default 1000.
    expect(plan.commands[0]).toContain('1000');
    const slow = linkShapingPlan(profile({ latencyMs: 50 }), ends, true);
    // Unlimited is sized as 10 Gbit/s: 50 ms of it is 41,281.4 frames; twice that, rounded up.
    expect(slow.commands[0].slice(8, 12)).toEqual(['netem', 'limit', '82563', 'delay']);
  });

  it('a pass-through profile changes nothing', () => {
    expect(linkShapingPlan(profile({}), ends, true)).toEqual({ bandwidth: 'none', latency: 'none', commands: [] });
  });
});

describe('clearEndCommand', () => {
  it('deletes the root qdisc in the end’s namespace', () => {
    expect(clearEndCommand(ends.server)).toEqual(['tc', '-n', 'wb-7-0', 'qdisc', 'del', 'dev', 'wb-7-0s', 'root']);
  });
});
