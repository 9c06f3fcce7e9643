import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProtoFile, getShape, useUserShape } from '@app/shapes';
import { parseOptions } from './options';
import { UsageError } from './usage-error';

const PROTO = findProtoFile(join('examples', 'order.proto'));
const SAMPLE = findProtoFile(join('examples', 'order.sample.json'));
const EXAMPLE = ['--proto', PROTO, '--message', 'shop.v1.Order', '--sample', SAMPLE];

describe('--proto --message --sample', () => {
  afterEach(() => useUserShape(null));

  it('builds and registers the shape user, the default shape, and joins any --shapes list', () => {
    const options = parseOptions([...EXAMPLE, '--rows', '10']);
    expect(options.userShape).toEqual({ protoFile: PROTO, message: 'shop.v1.Order', sampleFile: SAMPLE });
    expect(options.shapes).toEqual(['user']);
    expect(getShape('user').source!.message).toBe('shop.v1.Order');
    expect(parseOptions([...EXAMPLE, '--shapes', 'numeric']).shapes).toEqual(['numeric', 'user']);
    expect(parseOptions([...EXAMPLE, '--shapes', 'user,row']).shapes).toEqual(['user', 'row']);
    expect(parseOptions([...EXAMPLE, '--counter-field', 'customerId']).userShape!.counterField).toBe('customerId');
    expect(getShape('user').source!.counterField).toBe('customer_id');
  });

  it('without them, user is an unknown shape', () => {
    expect(parseOptions([]).userShape).toBeNull();
    expect(() => parseOptions(['--shapes', 'user'])).toThrow(
      /--shapes must list shapes from row, numeric, text, nested, binary, got "user"/,
    );
  });

  it.each([
    [
      ['--proto', PROTO],
      '--proto is given without --message, --sample: your message needs --proto, --message and --sample together',
    ],
    [
      ['--message', 'a.B', '--sample', SAMPLE],
      '--message, --sample are given without --proto: your message needs --proto, --message and --sample together',
    ],
    [
      ['--counter-field', 'id'],
      '--counter-field is given without --proto, --message, --sample: your message needs --proto, --message ' +
        'and --sample together',
    ],
  ])('refuses a partial set %p, naming what is missing', (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(new UsageError(message));
  });

  it('refuses a sample that does not survive the round trip with the one line, naming the flag', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wirebench-cli-user-'));
    const big = join(dir, 'big.json');
    writeFileSync(
      big,
      readFileSync(SAMPLE, 'utf8').replace(
        '"customerId": "18446744073709551615"',
        '"customerId": 18446744073709551615',
      ),
    );
    expect(() => parseOptions(['--proto', PROTO, '--message', 'shop.v1.Order', '--sample', big])).toThrow(
      new UsageError(
        'invalid --sample: sample field "customerId": 18446744073709551615 does not survive a JSON number ' +
          '(becomes 18446744073709552000); write 64-bit integers as strings, "18446744073709551615"',
      ),
    );
    expect(() => parseOptions(['--proto', PROTO, '--message', 'shop.v1.Ordr', '--sample', SAMPLE])).toThrow(
      /^invalid --message: no message shop.v1.Ordr in /,
    );
    expect(() => parseOptions([...EXAMPLE, '--counter-field', 'nope'])).toThrow(
      /^invalid --counter-field: counter field "nope": shop.v1.Order has no such field/,
    );
  });
});
