import { VARIANT_NAMES, VARIANTS } from '@app/bench';
import { SHAPES } from '@app/shapes';
import { parseOptions } from './options';
import { PRESET_DEFAULTS, PRESETS, serializerVariants, SHAPES_PRESET_VARIANTS } from './presets';
import { shapeSizes } from './shape-sizes';

describe('the shapes preset', () => {
  it('runs every built-in shape at its three computed sizes, each case naming its shape', () => {
    const cases = PRESETS.shapes;
    expect([...new Set(cases.map((c) => c.shape))]).toEqual(Object.keys(SHAPES));
    for (const name of Object.keys(SHAPES) as (keyof typeof SHAPES)[]) {
      const own = cases.filter((c) => c.shape === name);
      expect(own.map((c) => c.rows)).toEqual(shapeSizes(SHAPES[name]));
      expect(own.every((c) => c.mode === 'single' && c.requests === 1 && c.name === `rows-${c.rows}-${name}`)).toBe(true);
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
    expect(variants.filter((v) => v !== 'json' && !serializers.includes(v) && !serializers.some((s) => VARIANTS[s].baseline === v))).toEqual([]);
    expect(PRESET_DEFAULTS.serializers.variants).toBe(serializerVariants);
  });
});

describe('--preset shapes and --preset serializers on the command line', () => {
  it('selects their variants and 5 runs after 1 warm-up unless told otherwise', () => {
    expect(parseOptions(['--preset', 'shapes'])).toMatchObject({ preset: 'shapes', transports: SHAPES_PRESET_VARIANTS, runs: 5, warmup: 1 });
    expect(parseOptions(['--preset', 'serializers'])).toMatchObject({ preset: 'serializers', transports: serializerVariants(), runs: 5, warmup: 1 });
    expect(parseOptions(['--preset', 'shapes', '--variants', 'json,grpc', '--runs', '2']).transports).toEqual(['json', 'grpc']);
  });
});
