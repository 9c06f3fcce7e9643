import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOptions } from './options';
import type { Limits } from '@app/config';
import { explainVariants, PRESET_DEFAULTS, PRESETS } from './presets';
import { buildScenarioSpecs, planOf, variantsFor } from './scenario-specs';
import { presetRuntimes } from './runtimes-preset';
import { UsageError } from './usage-error';

const limits: Limits = {
  maxRows: 1_000_000,
  maxRequests: 100_000,
  maxConcurrency: 100_000,
  maxRuns: 100,
  maxWarmup: 100,
  maxCallRows: 50_000_000,
  maxStreamRows: 100_000_000,
  streamBufferBytes: 64 * 1024 ** 2,
};

/** A cache folder holding these versions, each as setup:node leaves it (`<version>/bin/node`). */
function cacheWith(versions: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'runtimes-preset-'));
  for (const version of versions) {
    mkdirSync(join(dir, version, 'bin'), { recursive: true });
    writeFileSync(join(dir, version, 'bin', 'node'), '');
  }
  return dir;
}

describe('the runtimes preset', () => {
  const dirs: string[] = [];
  const cache = (versions: string[]) => {
    dirs.push(cacheWith(versions));
    return dirs[dirs.length - 1];
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it(
    "runs the article's seven cases on json and grpc, then one request of 100,000 rows on the explain " +
      "preset's variants",
    () => {
      expect(PRESETS.runtimes.slice(0, 7)).toEqual(PRESETS.article);
      expect(PRESETS.runtimes.slice(0, 7).every((c) => c.variants === undefined)).toBe(true);
      expect(PRESET_DEFAULTS.runtimes.variants!()).toEqual(['json', 'grpc']);
      // 100,000 rows, not the explain preset's 1,000,000, after the explain preset's one warm-up: sixteen variants on
      // every runtime, twice.
      expect(PRESETS.runtimes[7]).toEqual({
        name: 'rows-100000',
        mode: 'single',
        rows: 100_000,
        requests: 1,
        variants: PRESET_DEFAULTS.explain.variants!(),
        warmup: 1,
      });
      expect(PRESETS.runtimes).toHaveLength(8);
      // The article preset's runs and warm-ups: the defaults.
      expect(PRESET_DEFAULTS.runtimes.runs).toBeUndefined();
      expect(PRESET_DEFAULTS.runtimes.warmup).toBeUndefined();
    },
  );

  it('compares the newest cached release of each major and this node, oldest first, by exact version', () => {
    const dir = cache(['22.11.0', '22.23.3', '26.10.0', '24.21.0', '.fetching-24.22.0-x']);
    expect(presetRuntimes(dir, '20.20.2')).toEqual(['current', '22.23.3', '24.21.0', '26.10.0']);
  });

  it('leaves this node out when its major is cached (one runtime a major)', () => {
    expect(presetRuntimes(cache(['22.23.3', '24.21.0']), '24.11.1')).toEqual(['22.23.3', '24.21.0']);
  });

  it('refuses fewer than two runtimes in one line naming setup:node', () => {
    const empty = cache([]);
    expect(() => presetRuntimes(empty, '20.20.2')).toThrow(UsageError);
    expect(() => presetRuntimes(empty, '20.20.2')).toThrow(
      /only Node 20\.20\.2 is available .*run `npm run setup:node -- 22 24 26` first/,
    );
    expect(() => presetRuntimes(cache(['20.19.0']), '20.20.2')).toThrow(/only Node 20\.19\.0 is available/);
  });

  describe('on the command line', () => {
    const saved = process.env.NODE_RUNTIMES_DIR;
    afterEach(() =>
      saved === undefined ? delete process.env.NODE_RUNTIMES_DIR : (process.env.NODE_RUNTIMES_DIR = saved),
    );

    it('takes its runtimes from the cache, in 2 rounds, with 5 runs after 2 warm-ups', () => {
      process.env.NODE_RUNTIMES_DIR = cache(['22.23.3', '26.10.0']);
      const options = parseOptions(['--preset', 'runtimes']);
      const current = Number(process.versions.node.split('.')[0]);
      const expected = [
        ...(current === 22 || current === 26 ? [] : [{ major: current, spec: 'current' }]),
        { major: 22, spec: '22.23.3' },
        { major: 26, spec: '26.10.0' },
      ]
        .sort((a, b) => a.major - b.major)
        .map((r) => ({ server: r.spec, client: r.spec }));
      expect(options.runtimes).toEqual({ pairs: expected, split: false, offline: false });
      expect(options.transports).toEqual(['json', 'grpc']);
      expect([options.runs, options.warmup, options.invocations]).toEqual([5, 2, 2]);
    });

    it(
      "plans the article's cases on json and grpc and the large case on the explain variants, unless " +
        '--variants says',
      () => {
        process.env.NODE_RUNTIMES_DIR = cache(['22.23.3', '26.10.0']);
        const options = parseOptions(['--preset', 'runtimes']);
        const plan = planOf(buildScenarioSpecs(options, limits), options);
        expect(plan.map((c) => `${c.name}: ${c.variants!.join(',')}`)).toEqual([
          ...PRESETS.article.map((c) => `${c.name}: json,grpc`),
          `rows-100000: ${explainVariants().join(',')}`,
        ]);
        // Every one-message variant, one factor changed at a time, and gzip twins of the baselines only.
        expect(explainVariants()).toEqual(
          expect.arrayContaining(['json', 'grpc', 'json+gzip', 'json-undici', 'grpc-sliced']),
        );
        expect(explainVariants().some((v) => v.includes('stream'))).toBe(false);
        expect(
          explainVariants()
            .filter((v) => v.endsWith('+gzip'))
            .every((v) => ['json+gzip', 'grpc+gzip'].includes(v)),
        ).toBe(true);
        const given = parseOptions(['--preset', 'runtimes', '--variants', 'json,grpc,grpc-sliced']);
        expect(buildScenarioSpecs(given, limits).map((c) => variantsFor(c, given))).toEqual(
          Array(8).fill(['json', 'grpc', 'grpc-sliced']),
        );
      },
    );

    it('yields to --node, and exits 2 with fewer than two runtimes', () => {
      process.env.NODE_RUNTIMES_DIR = cache([]);
      expect(
        parseOptions(['--preset', 'runtimes', '--node', 'current,22']).runtimes!.pairs.map((p) => p.server),
      ).toEqual(['current', '22']);
      expect(() => parseOptions(['--preset', 'runtimes'])).toThrow(/npm run setup:node -- 22 24 26/);
      expect(parseOptions(['--preset', 'runtimes', '--help']).help).toBe(true);
    });
  });
});
