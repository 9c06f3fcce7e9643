import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BuildLane } from './build-lane';

describe('BuildLane', () => {
  it('builds one at a time, in order, and skips a build whose caller left while it waited', async () => {
    const lane = new BuildLane();
    const order: string[] = [];
    let secondGone = false;
    const first = lane.run(
      () => false,
      () => {
        order.push('first');
        // The second caller leaves while the first is being built.
        secondGone = true;
        return 1;
      },
    );
    const second = lane.run(
      () => secondGone,
      () => (order.push('second'), 2),
    );
    const third = lane.run(
      () => false,
      () => (order.push('third'), 3),
    );
    expect(await Promise.all([first, second, third])).toEqual([1, null, 3]);
    expect(order).toEqual(['first', 'third']);
  });

  it('a build that throws rejects its own turn only', async () => {
    const lane = new BuildLane();
    const failing = lane.run(
      () => false,
      () => {
        throw new Error('boom');
      },
    );
    await expect(failing).rejects.toThrow('boom');
    await expect(
      lane.run(
        () => false,
        () => 'next',
      ),
    ).resolves.toBe('next');
  });

  it('keeps nothing of what it built once the caller has it', async () => {
    const lane = new BuildLane();
    let ref: WeakRef<number[]> | undefined;
    await lane.run(
      () => false,
      () => {
        const reply = new Array(1_000_000).fill(1);
        ref = new WeakRef(reply);
        return reply;
      },
    );
    await new Promise((r) => setTimeout(r, 10));
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    expect(ref!.deref()).toBeUndefined();
  });
});
