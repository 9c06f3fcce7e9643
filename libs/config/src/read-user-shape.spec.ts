import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findProtoFile } from '@app/shapes';
import { ConfigError } from './config-error';
import { loadConfig } from './load-config';
import { readUserShape, userShapeEnv } from './read-user-shape';

const PROTO = findProtoFile(join('examples', 'order.proto'));
const SAMPLE = findProtoFile(join('examples', 'order.sample.json'));
const EXAMPLE = { WIREBENCH_PROTO: PROTO, WIREBENCH_MESSAGE: 'shop.v1.Order', WIREBENCH_SAMPLE: SAMPLE };

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted it');
}

describe('the user message settings', () => {
  it('are optional: without them there is no user shape', () => {
    expect(loadConfig({}).userShape).toBeNull();
    expect(readUserShape({ WIREBENCH_PROTO: ' ' })).toBeNull();
  });

  it('build the user shape, with the counter field when given', () => {
    const shape = loadConfig(EXAMPLE).userShape!;
    expect(shape.name).toBe('user');
    expect(shape.source).toMatchObject({
      protoFile: PROTO,
      message: 'shop.v1.Order',
      sampleFile: SAMPLE,
      counterField: 'order_number',
    });
    expect(loadConfig({ ...EXAMPLE, WIREBENCH_COUNTER_FIELD: 'customerId' }).userShape!.source!.counterField).toBe(
      'customer_id',
    );
  });

  it('come together or not at all, naming what is missing', () => {
    const e = errorOf({ WIREBENCH_PROTO: PROTO });
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.variable).toBe('WIREBENCH_MESSAGE');
    expect(e.message).toBe(
      "WIREBENCH_PROTO is set without WIREBENCH_MESSAGE, WIREBENCH_SAMPLE: the user's message needs " +
        'WIREBENCH_PROTO, WIREBENCH_MESSAGE and WIREBENCH_SAMPLE together',
    );
    expect(
      errorOf({ WIREBENCH_PROTO: PROTO, WIREBENCH_MESSAGE: 'shop.v1.Order', WIREBENCH_COUNTER_FIELD: 'x' }).message,
    ).toMatch(/^WIREBENCH_PROTO, WIREBENCH_MESSAGE, WIREBENCH_COUNTER_FIELD are set without WIREBENCH_SAMPLE:/);
    expect(errorOf({ WIREBENCH_COUNTER_FIELD: 'x' }).message).toMatch(
      /^WIREBENCH_COUNTER_FIELD is set without WIREBENCH_PROTO, WIREBENCH_MESSAGE, WIREBENCH_SAMPLE:/,
    );
  });

  it('refuse a bad proto, message, counter field or sample with one line naming the setting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wirebench-config-'));
    writeFileSync(join(dir, 'bad.proto'), 'syntax = "proto3"; message {');
    writeFileSync(
      join(dir, 'float.json'),
      JSON.stringify({ ...JSON.parse(readFileSync(SAMPLE, 'utf8')), giftWrap: 'yes' }),
    );
    const cases: [Record<string, string>, string, RegExp][] = [
      [
        { ...EXAMPLE, WIREBENCH_PROTO: join(dir, 'bad.proto') },
        'WIREBENCH_PROTO',
        /^invalid WIREBENCH_PROTO: cannot load proto .*bad\.proto: illegal/,
      ],
      [
        { ...EXAMPLE, WIREBENCH_MESSAGE: 'shop.v1.Nope' },
        'WIREBENCH_MESSAGE',
        new RegExp(
          String.raw`^invalid WIREBENCH_MESSAGE: no message shop\.v1\.Nope in .*: it declares ` +
            String.raw`shop\.v1\.Money, shop\.v1\.Address, shop\.v1\.LineItem, shop\.v1\.Order$`,
        ),
      ],
      [
        { ...EXAMPLE, WIREBENCH_COUNTER_FIELD: 'status' },
        'WIREBENCH_COUNTER_FIELD',
        /^invalid WIREBENCH_COUNTER_FIELD: counter field "status": must be a singular integer/,
      ],
      [
        { ...EXAMPLE, WIREBENCH_SAMPLE: join(dir, 'float.json') },
        'WIREBENCH_SAMPLE',
        /^invalid WIREBENCH_SAMPLE: sample field "giftWrap": "yes" is not a valid bool$/,
      ],
      [
        { ...EXAMPLE, WIREBENCH_SAMPLE: join(dir, 'none.json') },
        'WIREBENCH_SAMPLE',
        /^invalid WIREBENCH_SAMPLE: cannot read sample .*none\.json: ENOENT$/,
      ],
    ];
    for (const [env, variable, line] of cases) {
      const e = errorOf(env);
      expect([e.constructor, e.variable]).toEqual([ConfigError, variable]);
      expect(e.message).toMatch(line);
      expect(e.message).not.toContain('\n');
    }
  });

  it('are what the CLI passes to the apps it starts for --proto, --message, --sample, --counter-field', () => {
    const env = userShapeEnv({
      protoFile: 'examples/order.proto',
      message: 'shop.v1.Order',
      sampleFile: 'examples/order.sample.json',
      counterField: 'customer_id',
    });
    expect(env).toEqual({
      WIREBENCH_PROTO: resolve('examples/order.proto'),
      WIREBENCH_MESSAGE: 'shop.v1.Order',
      WIREBENCH_SAMPLE: resolve('examples/order.sample.json'),
      WIREBENCH_COUNTER_FIELD: 'customer_id',
    });
    expect(userShapeEnv({ protoFile: PROTO, message: 'm', sampleFile: SAMPLE })).not.toHaveProperty(
      'WIREBENCH_COUNTER_FIELD',
    );
    // What the apps then read back is the same shape.
    expect(
      loadConfig(
        userShapeEnv({ protoFile: PROTO, message: 'shop.v1.Order', sampleFile: SAMPLE, counterField: 'customer_id' }),
      ).userShape!.source!.counterField,
    ).toBe('customer_id');
  });
});
