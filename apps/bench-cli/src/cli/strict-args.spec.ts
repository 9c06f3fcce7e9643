import { strictArgs } from './strict-args';
import { UsageError } from './usage-error';

describe('strictArgs', () => {
  const options = { help: { type: 'boolean' as const, short: 'h' }, out: { type: 'string' as const } };

  it('reads flags and, when allowed, positionals', () => {
    expect(strictArgs(['-h', '--out', 'x', 'a'], options, true)).toEqual({
      values: { help: true, out: 'x' },
      positionals: ['a'],
    });
  });

  it('passes a negative number after a flag that takes a value to that flag, long or short, as --flag=-1 would', () => {
    const withShort = { ...options, runs: { type: 'string' as const, short: 'r' } };
    expect(strictArgs(['--out', '-1', '-r', '-0.5'], withShort).values).toEqual({ out: '-1', runs: '-0.5' });
    // A flag that takes no value leaves what follows alone: "-1" is then the stray argument it is.
    expect(() => strictArgs(['-h', '-1'], options)).toThrow(UsageError);
  });

  it.each([
    [['--bogus'], "'--bogus'"],
    [['--out'], "'--out"],
    [['stray'], "'stray'"],
  ])('refuses %p in one line naming it', (argv, named) => {
    let error: unknown;
    try {
      strictArgs(argv, options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(named);
    expect((error as Error).message).not.toContain('\n');
  });
});
