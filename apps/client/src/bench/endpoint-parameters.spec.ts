import { ScenarioValidationError, VARIANT_NAMES } from '@app/bench';
import { checkQueryParameters, ENDPOINT_PARAMETERS } from './endpoint-parameters';
import {
  parseBenchVariants,
  parseDisturbedAbove,
  parseLabel,
  parseMode,
  parseRerunDisturbed,
  parseSwitch,
} from './parse-flags';

function errorOf(fn: () => unknown): ScenarioValidationError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioValidationError);
    return e as ScenarioValidationError;
  }
  throw new Error('expected a validation error');
}

describe('checkQueryParameters', () => {
  const single = ENDPOINT_PARAMETERS.single;

  it('accepts the endpoint parameters, each once', () => {
    expect(() =>
      checkQueryParameters(
        '/client/json/single/:rows',
        { runs: '3', warmup: '1', name: 'x', wire: '1', save: '0', label: 'l' },
        single,
      ),
    ).not.toThrow();
    expect(() => checkQueryParameters('/client/compare', {}, ENDPOINT_PARAMETERS.compare)).not.toThrow();
  });

  it('names an unknown or inapplicable parameter, the route, and lists the valid ones', () => {
    const e = errorOf(() => checkQueryParameters('/client/json/single/:rows', { requests: 'abc', runs: '2' }, single));
    expect(e.parameter).toBe('requests');
    expect(e.limit).toEqual({ parameters: single });
    expect(e.message).toBe(
      'requests does not apply to /client/json/single/:rows; valid parameters: variant, chunk, shape, runs, ' +
        'warmup, name, wire, save, label, network, raw',
    );
    const two = errorOf(() =>
      checkQueryParameters('/client/compare', { mode: 'serial', Rows: '1' }, ENDPOINT_PARAMETERS.compare),
    );
    expect(two.parameter).toBe('mode,Rows');
    expect(two.message).toMatch(
      /^mode, Rows do not apply to \/client\/compare; valid parameters: variants, chunk, rows, requests, /,
    );
  });

  it('refuses a parameter given more than once', () => {
    const e = errorOf(() => checkQueryParameters('/client/bench', { runs: ['1', '2'] }, ENDPOINT_PARAMETERS.bench));
    expect(e.parameter).toBe('runs');
    expect(e.limit).toEqual({ maxCount: 1 });
    expect(e.message).toContain('runs is given 2 times');
  });

  it('keeps the endpoints apart: parallel takes rows, single does not; only bench chooses transports and mode', () => {
    expect(ENDPOINT_PARAMETERS.parallel).toContain('rows');
    expect(ENDPOINT_PARAMETERS.single).not.toContain('rows');
    for (const kind of ['single', 'parallel', 'compare'] as const)
      expect(ENDPOINT_PARAMETERS[kind]).not.toContain('mode');
  });
});

describe('flag parsers', () => {
  it('give every refusal its limit', () => {
    expect(errorOf(() => parseSwitch('wire', 'yes')).limit).toEqual({ values: ['0', '1'] });
    expect(errorOf(() => parseLabel('x'.repeat(201))).limit).toEqual({ maxLength: 200 });
    expect(errorOf(() => parseLabel('a\nb')).parameter).toBe('label');
    expect(errorOf(() => parseBenchVariants('json,soap', undefined)).limit).toEqual({
      values: ['json', 'grpc', 'connect'],
    });
    expect(errorOf(() => parseBenchVariants('json,json', undefined)).parameter).toBe('transports');
    expect(errorOf(() => parseMode('serial', undefined)).limit).toEqual({ values: ['single', 'parallel'] });
  });

  it('read good values and defaults', () => {
    expect([parseSwitch('save', undefined), parseSwitch('save', '1'), parseSwitch('save', '0')]).toEqual([
      false,
      true,
      false,
    ]);
    expect(parseLabel('x'.repeat(200))).toHaveLength(200);
    expect(parseBenchVariants(undefined, undefined)).toEqual(['json', 'grpc']);
    // A family is its baseline variant: connect's is connect-proto.
    expect(parseBenchVariants('grpc,connect', undefined)).toEqual(['grpc', 'connect-proto']);
    expect(parseBenchVariants(undefined, 'grpc-bare,json-undici')).toEqual(['grpc-bare', 'json-undici']);
    expect(errorOf(() => parseBenchVariants('json', 'grpc')).parameter).toBe('variants');
    expect(errorOf(() => parseBenchVariants(undefined, 'nope')).limit).toEqual({ values: VARIANT_NAMES });
    expect(parseMode(undefined, '5')).toBe('parallel');
    expect(parseMode(undefined, undefined)).toBe('single');
  });
});

describe('the noise settings of /client/bench', () => {
  it('takes disturbedAbove as cores (0.2 by default) and rerunDisturbed as a count (none by default)', () => {
    expect(parseDisturbedAbove(undefined)).toBe(0.2);
    expect(parseDisturbedAbove('0.5')).toBe(0.5);
    expect(parseRerunDisturbed(undefined)).toBe(0);
    expect(parseRerunDisturbed('3')).toBe(3);
    expect(ENDPOINT_PARAMETERS.bench).toEqual(expect.arrayContaining(['disturbedAbove', 'rerunDisturbed']));
    expect(ENDPOINT_PARAMETERS.compare).not.toContain('rerunDisturbed');
  });

  it('refuses anything else with the 400 every bad parameter gets', () => {
    expect(errorOf(() => parseDisturbedAbove('-1')).message).toBe(
      'disturbedAbove must be a number of cores >= 0, e.g. 0.2, got "-1"',
    );
    expect(errorOf(() => parseRerunDisturbed('21')).limit).toEqual({ min: 0, max: 20 });
    expect(errorOf(() => parseRerunDisturbed('x')).parameter).toBe('rerunDisturbed');
  });
});
