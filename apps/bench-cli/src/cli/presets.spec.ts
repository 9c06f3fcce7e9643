import { MIN_RUNS_FOR_VERDICT, VARIANT_NAMES, VARIANTS } from '@app/bench';
import type { Limits } from '@app/config';
import { SHAPES } from '@app/shapes';
import { parseOptions } from './options';
import { CONNECT_COMPARATORS, PRESET_DEFAULTS, PRESETS, serializerVariants, SHAPES_PRESET_VARIANTS } from './presets';
import { buildScenarioSpecs, variantsFor } from './scenario-specs';
import { shapeSizes } from './shape-sizes';

describe('the shapes preset', () => {
  it('runs every built-in shape at its three computed sizes, each case naming its shape', () => {
    const cases = PRESETS.shapes;
    expect([...new Set(cases.map((c) => c.shape))]).toEqual(Object.keys(SHAPES));
    for (const name of Object.keys(SHAPES) as (keyof typeof SHAPES)[]) {
      const own = cases.filter((c) => c.shape === name);
      expect(own.map((c) => c.rows)).toEqual(shapeSizes(SHAPES[name]));
      expect(own.every((c) => c.mode === 'single' && c.requests === 1 && c.name === `rows-${c.rows}-${name}`)).toBe(
        true,
      );
    }
  });

  it('runs the two baselines and one faster one-message variant of each family, with enough runs for a verdict', () => {
    const variants = PRESET_DEFAULTS.shapes.variants!();
    expect(variants).toEqual(SHAPES_PRESET_VARIANTS);
    for (const family of ['json', 'grpc'] as const) {
      expect(variants.filter((v) => VARIANTS[v].family === family)).toHaveLength(2);
      expect(variants).toContain(family);
    }
    expect(variants.some((v) => VARIANTS[v].streaming)).toBe(false);
    expect(PRESET_DEFAULTS.shapes.runs).toBe(5);
  });
});

describe('the serializers preset', () => {
  it('runs every shape once, at its middle (~10 MB of JSON) size', () => {
    expect(PRESETS.serializers.map((c) => [c.shape, c.rows])).toEqual(
      (Object.keys(SHAPES) as (keyof typeof SHAPES)[]).map((name) => [name, shapeSizes(SHAPES[name])[1]]),
    );
  });

  it('takes its variants from the registry: every serializer, the baseline it changes, and json', () => {
    const variants = serializerVariants();
    const serializers = VARIANT_NAMES.filter((v) => VARIANTS[v].factor === 'serializer');
    expect(serializers.length).toBeGreaterThan(0);
    for (const v of serializers) {
      expect(variants).toContain(v);
      expect(variants).toContain(VARIANTS[v].baseline);
    }
    expect(variants).toContain('json');
    // Nothing that is not on the serializer axis (no other factor's variant).
    expect(
      variants.filter(
        (v) => v !== 'json' && !serializers.includes(v) && !serializers.some((s) => VARIANTS[s].baseline === v),
      ),
    ).toEqual([]);
    expect(PRESET_DEFAULTS.serializers.variants).toBe(serializerVariants);
  });
});

describe('--preset shapes and --preset serializers on the command line', () => {
  it('selects their variants and 5 runs after 1 warm-up unless told otherwise', () => {
    expect(parseOptions(['--preset', 'shapes'])).toMatchObject({
      preset: 'shapes',
      transports: SHAPES_PRESET_VARIANTS,
      runs: 5,
      warmup: 1,
    });
    expect(parseOptions(['--preset', 'serializers'])).toMatchObject({
      preset: 'serializers',
      transports: serializerVariants(),
      runs: 5,
      warmup: 1,
    });
    expect(parseOptions(['--preset', 'shapes', '--variants', 'json,grpc', '--runs', '2']).transports).toEqual([
      'json',
      'grpc',
    ]);
  });
});

describe('the connect preset', () => {
  const connectFamily = () => VARIANT_NAMES.filter((v) => VARIANTS[v].family === 'connect');

  it("runs the article's seven cases, which hold the explain preset's four", () => {
    expect(PRESETS.connect).toBe(PRESETS.article);
    const names = PRESETS.connect.map((c) => c.name);
    expect(names).toEqual(['1-1', '1-2', '1-3', '2-1', '2-2', '2-3', 'extra']);
    for (const c of PRESETS.explain) expect(names).toContain(c.name);
    // No streaming-only case: every variant, connect-stream too, runs every case.
    expect(PRESETS.connect.some((c) => c.streamingOnly || c.variants)).toBe(false);
  });

  it(
    'places every connect-family variant against json, json-fastify, grpc and grpc-bare, with enough runs ' +
      'for a verdict in 2 invocations',
    () => {
      const variants = PRESET_DEFAULTS.connect.variants!();
      expect(variants).toEqual([...CONNECT_COMPARATORS, ...connectFamily()]);
      expect(CONNECT_COMPARATORS).toEqual(['json', 'json-fastify', 'grpc', 'grpc-bare']);
      expect(connectFamily()).toEqual(
        expect.arrayContaining([
          'connect-proto',
          'connect-json',
          'connect-fastify',
          'connect-h2',
          'connect-grpc',
          'grpc-web',
          'connect-stream',
        ]),
      );
      expect(PRESET_DEFAULTS.connect).toMatchObject({ runs: MIN_RUNS_FOR_VERDICT, warmup: 1, invocations: 2 });
      expect(parseOptions(['--preset', 'connect'])).toMatchObject({
        preset: 'connect',
        transports: variants,
        runs: 5,
        warmup: 1,
        invocations: 2,
      });
      expect(parseOptions(['--preset', 'connect', '--variants', 'json,connect-proto']).transports).toEqual([
        'json',
        'connect-proto',
      ]);
    },
  );

  it('takes the family from the registry: a connect variant added to it joins the preset unedited', () => {
    jest.isolateModules(() => {
      jest.doMock('@app/bench', () => {
        const actual = jest.requireActual('@app/bench');
        const added = {
          family: 'connect',
          baseline: 'connect-proto',
          factor: 'server framework',
          changes: 'a test entry',
        };
        return {
          ...actual,
          VARIANT_NAMES: [...actual.VARIANT_NAMES, 'connect-test'],
          VARIANTS: { ...actual.VARIANTS, 'connect-test': added },
        };
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const presets = require('./presets') as typeof import('./presets');
      expect(presets.connectVariants()).toEqual([...CONNECT_COMPARATORS, ...connectFamily(), 'connect-test']);
    });
    jest.dontMock('@app/bench');
  });

  it('validates every case on every variant, the stream included, within the default limits', () => {
    const limits: Limits = {
      maxRows: 1_000_000,
      maxRequests: 100_000,
      maxConcurrency: 100_000,
      maxRuns: 100,
      maxWarmup: 100,
      maxCallRows: 200_000_000,
      maxStreamRows: 100_000_000,
      streamBufferBytes: 64 * 1024 ** 2,
    };
    const options = parseOptions(['--preset', 'connect']);
    const specs = buildScenarioSpecs(options, limits);
    expect(specs.map((s) => s.name)).toEqual(PRESETS.article.map((c) => c.name));
    for (const spec of specs) expect(variantsFor(spec, options)).toContain('connect-stream');
  });
});
