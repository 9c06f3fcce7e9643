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
    const second = lane.run(() => secondGone, () => (order.push('second'), 2));
    const third = lane.run(() => false, () => (order.push('third'), 3));
    expect(await Promise.all([first, second, third])).toEqual([1, null, 3]);
    expect(order).toEqual(['first', 'third']);
  });

  it('a build that throws rejects its own turn only', async () => {
    const lane = new BuildLane();
    const failing = lane.run(() => false, () => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    await expect(lane.run(() => false, () => 'next')).resolves.toBe('next');
  });
});
