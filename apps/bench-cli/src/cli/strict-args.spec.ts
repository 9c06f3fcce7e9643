import { strictArgs } from './strict-args';
import { UsageError } from './usage-error';

describe('strictArgs', () => {
  const options = { help: { type: 'boolean' as const, short: 'h' }, out: { type: 'string' as const } };

  it('reads flags and, when allowed, positionals', () => {
    expect(strictArgs(['-h', '--out', 'x', 'a'], options, true)).toEqual({ values: { help: true, out: 'x' }, positionals: ['a'] });
  });

  it.each([[['--bogus'], "'--bogus'"], [['--out'], "'--out"], [['stray'], "'stray'"]])('refuses %p in one line naming it', (argv, named) => {
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
