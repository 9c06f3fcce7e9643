import { destroyOnExit, forgetOnExit } from './destroy-on-exit';

describe('destroyOnExit', () => {
  it('hooks exit and the signals while something is live, and unhooks when the last one is forgotten', () => {
    const before = { exit: process.listenerCount('exit'), sigint: process.listenerCount('SIGINT') };
    const a = { destroySync: jest.fn() };
    const b = { destroySync: jest.fn() };
    destroyOnExit(a);
    destroyOnExit(b);
    expect(process.listenerCount('exit')).toBe(before.exit + 1);
    expect(process.listenerCount('SIGINT')).toBe(before.sigint + 1);
    forgetOnExit(a);
    expect(process.listenerCount('exit')).toBe(before.exit + 1);
    forgetOnExit(b);
    forgetOnExit(b);
    expect(process.listenerCount('exit')).toBe(before.exit);
    expect(process.listenerCount('SIGINT')).toBe(before.sigint);
  });

  it('on exit destroys every live item, even after one fails', () => {
    const failing = {
      destroySync: jest.fn(() => {
        throw new Error('gone');
      }),
    };
    const other = { destroySync: jest.fn() };
    destroyOnExit(failing);
    destroyOnExit(other);
    const hook = process.listeners('exit').at(-1) as () => void;
    hook();
    expect(failing.destroySync).toHaveBeenCalled();
    expect(other.destroySync).toHaveBeenCalled();
    forgetOnExit(failing);
    forgetOnExit(other);
  });
});
