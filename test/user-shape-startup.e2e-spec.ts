// The user's own message as the apps meet it at start-up (WIREBENCH_PROTO & co., as `npm run bench -- --proto ...`
// will pass them): a sample that does not survive the proto3 JSON mapping, or a partial set of the settings, stops
// the process with one line naming the setting and the sample field, exit 2, before it listens.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppProcess, ROOT } from './support/app-process';
import { portsEnv } from './support/stack';

jest.setTimeout(60_000);

const EXAMPLE = {
  WIREBENCH_PROTO: join(ROOT, 'examples', 'order.proto'),
  WIREBENCH_MESSAGE: 'shop.v1.Order',
  WIREBENCH_SAMPLE: join(ROOT, 'examples', 'order.sample.json'),
};
const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describe('json-server with a user message that cannot be served', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-user-startup-'));
  const big = join(dir, 'big.json');
  writeFileSync(
    big,
    readFileSync(EXAMPLE.WIREBENCH_SAMPLE, 'utf8').replace(
      '"customerId": "18446744073709551615"',
      '"customerId": 18446744073709551615',
    ),
  );

  it.each<[string, Record<string, string>, string]>([
    [
      'an int64 past 2^53 written as a number',
      { ...EXAMPLE, WIREBENCH_SAMPLE: big },
      'json-server: invalid WIREBENCH_SAMPLE: sample field "customerId": 18446744073709551615 does not ' +
        'survive a JSON number (becomes 18446744073709552000); write 64-bit integers as strings, ' +
        '"18446744073709551615"',
    ],
    [
      'an unknown message',
      { ...EXAMPLE, WIREBENCH_MESSAGE: 'shop.v1.Ordr' },
      `json-server: invalid WIREBENCH_MESSAGE: no message shop.v1.Ordr in ` +
        `${EXAMPLE.WIREBENCH_PROTO}: it declares shop.v1.Money, shop.v1.Address, shop.v1.LineItem, shop.v1.Order`,
    ],
    [
      'a partial set',
      { WIREBENCH_PROTO: EXAMPLE.WIREBENCH_PROTO },
      "json-server: WIREBENCH_PROTO is set without WIREBENCH_MESSAGE, WIREBENCH_SAMPLE: the user's message " +
        'needs WIREBENCH_PROTO, WIREBENCH_MESSAGE and WIREBENCH_SAMPLE together',
    ],
  ])('exits 2 with one line for %s', async (_case, env, line) => {
    const proc = AppProcess.start('json-server', { ...(await portsEnv()), ...env });
    const { code } = await proc.exited;
    expect(code).toBe(2);
    expect(lines(proc.output)).toEqual([line]);
  });
});
