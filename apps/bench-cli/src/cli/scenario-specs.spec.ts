import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Limits } from '@app/config';
import { parseOptions } from './options';
import { PRESETS } from './presets';
import type { ScenarioSpec } from './presets';
import {
  buildScenarioSpecs,
  cappedNotes,
  ownVariantNotes,
  planOf,
  caseSettings,
  refusedVariantNotes,
  variantsFor,
  withShapes,
} from './scenario-specs';
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

describe('buildScenarioSpecs', () => {
  it("crosses every case with every shape of --shapes, row keeping the case's own name", () => {
    const specs = buildScenarioSpecs(parseOptions(['--rows', '1,100', '--shapes', 'numeric,row,text']), limits);
    expect(specs.map((s) => `${s.name}:${s.rows}:${s.shape ?? '-'}`)).toEqual([
      'rows-1-numeric:1:numeric',
      'rows-1:1:-',
      'rows-1-text:1:text',
      'rows-100-numeric:100:numeric',
      'rows-100:100:-',
      'rows-100-text:100:text',
    ]);
    const article = buildScenarioSpecs(parseOptions(['--shapes', 'nested']), limits);
    expect(article.map((s) => s.name)).toEqual(
      ['1-1', '1-2', '1-3', '2-1', '2-2', '2-3', 'extra'].map((n) => `${n}-nested`),
    );
    expect(article.every((s) => s.shape === 'nested')).toBe(true);
  });

  it('leaves a run without --shapes as it was: no case gets a shape', () => {
    expect(buildScenarioSpecs(parseOptions([]), limits).some((s) => 'shape' in s)).toBe(false);
    expect(withShapes(PRESETS.article, ['row'])).toEqual(PRESETS.article);
  });

  it('refuses a crossed name that another case already has', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wirebench-shapes-'));
    const file = join(dir, 's.json');
    writeFileSync(
      file,
      JSON.stringify([
        { name: 'a', rows: 1 },
        { name: 'a-text', rows: 2 },
      ]),
    );
    expect(() => buildScenarioSpecs(parseOptions(['--scenarios', file, '--shapes', 'row,text']), limits)).toThrow(
      'scenario name "a-text" is used twice',
    );
  });

  it("has the article's seven cases under their names", () => {
    expect(buildScenarioSpecs(parseOptions([]), limits).map((s) => `${s.name}:${s.rows}x${s.requests}`)).toEqual([
      '1-1:1x1',
      '1-2:10000x1',
      '1-3:1000000x1',
      '2-1:1x10',
      '2-2:1x100',
      '2-3:1x1000',
      'extra:20000x4',
    ]);
  });

  it(
    "has the explain cases (the article's single requests and 1,000 in parallel) and the batching splits of " +
      '10,000 rows',
    () => {
      expect(
        buildScenarioSpecs(parseOptions(['--preset', 'explain']), limits).map(
          (s) => `${s.name}:${s.rows}x${s.requests}`,
        ),
      ).toEqual(['1-1:1x1', '1-2:10000x1', '1-3:1000000x1', '2-3:1x1000']);
      // Every case has the 5 runs a verdict needs (MIN_RUNS_FOR_VERDICT); --runs overrides every case.
      const explain = parseOptions(['--preset', 'explain']);
      expect(buildScenarioSpecs(explain, limits).map((s) => caseSettings(s, explain).runs)).toEqual([5, 5, 5, 5]);
      const given = parseOptions(['--preset', 'explain', '--runs', '7']);
      expect(buildScenarioSpecs(given, limits).map((s) => caseSettings(s, given).runs)).toEqual([7, 7, 7, 7]);
      const batching = buildScenarioSpecs(parseOptions(['--preset', 'batching']), limits);
      expect(batching.map((s) => `${s.name}:${s.mode}:${s.rows}x${s.requests}`)).toEqual([
        'batch-1x10000:single:10000x1',
        'batch-10x1000:parallel:1000x10',
        'batch-100x100:parallel:100x100',
        'batch-10000x1:parallel:1x10000',
      ]);
      for (const s of batching) expect(s.rows * s.requests).toBe(10_000);
    },
  );

  it('has sweeps with and without a concurrency cap in the full preset, all within the default limits', () => {
    const full = buildScenarioSpecs(parseOptions(['--preset', 'full']), limits);
    expect(full.some((s) => s.rows === 1_000_000 && s.name === 'rows-1000000')).toBe(true);
    expect(full.some((s) => s.requests === 10_000 && s.concurrency === undefined)).toBe(true);
    expect(full.some((s) => s.requests === 10_000 && s.concurrency === 100)).toBe(true);
    expect(PRESETS.quick.every((s) => s.rows <= 1000)).toBe(true);
  });

  it(
    'builds every combination of --rows, --requests and --concurrency, capping concurrency above requests ' +
      'and saying so',
    () => {
      // The command: 4 combinations promised, 4 run; the two whose concurrency is above their requests are
      // capped.
      const specs = buildScenarioSpecs(
        parseOptions(['--rows', '1,1000', '--requests', '1,50', '--concurrency', '10']),
        limits,
      );
      expect(specs.map((s) => `${s.name}:${s.mode}:${s.requests}:${s.concurrency}`)).toEqual([
        'rows-1:single:1:undefined',
        'rows-1-x50-c10:parallel:50:10',
        'rows-1000:single:1:undefined',
        'rows-1000-x50-c10:parallel:50:10',
      ]);
      expect(specs.map((s) => s.note)).toEqual([
        '--concurrency 10 is above its 1 request: run as a single request',
        undefined,
        '--concurrency 10 is above its 1 request: run as a single request',
        undefined,
      ]);
      const capped = buildScenarioSpecs(
        parseOptions(['--rows', '1', '--requests', '5,20', '--concurrency', '10']),
        limits,
      );
      expect(capped.map((s) => `${s.name}:${s.concurrency}:${s.note}`)).toEqual([
        'rows-1-x5-c5:5:--concurrency 10 is above its 5 requests: capped at 5',
        'rows-1-x20-c10:10:undefined',
      ]);
      expect(buildScenarioSpecs(parseOptions(['--rows', '7']), limits)).toEqual([
        { name: 'rows-7', mode: 'single', rows: 7, requests: 1 },
      ]);
    },
  );

  it('runs a case that two concurrencies cap to the same once, naming both', () => {
    const specs = buildScenarioSpecs(
      parseOptions(['--rows', '1', '--requests', '5', '--concurrency', '5,10,20']),
      limits,
    );
    expect(specs.map((s) => `${s.name}:${s.note}`)).toEqual([
      'rows-1-x5-c5:--concurrency 10, 20 are above its 5 requests: capped at 5, the same case as --concurrency 5',
    ]);
    expect(cappedNotes(buildScenarioSpecs(parseOptions(['--requests', '1', '--concurrency', '2,3']), limits))).toEqual([
      'rows-1: --concurrency 2, 3 are above its 1 request: run as a single request',
    ]);
  });

  it('reads a scenarios file and refuses bad items with the item number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-specs-'));
    const file = (content: unknown) => {
      const path = join(dir, `${Math.random()}.json`);
      writeFileSync(path, JSON.stringify(content));
      return path;
    };
    const specs = buildScenarioSpecs(
      parseOptions([
        '--scenarios',
        file([
          { name: 'big', rows: 1000 },
          { name: 'fan', rows: 1, requests: 50, concurrency: 5 },
        ]),
      ]),
      limits,
    );
    expect(specs).toEqual([
      { name: 'big', mode: 'single', rows: 1000, requests: 1 },
      { name: 'fan', mode: 'parallel', rows: 1, requests: 50, concurrency: 5 },
    ]);
    for (const bad of [
      [],
      [{ rows: 1 }],
      [{ name: 'x' }],
      [{ name: 'x', rows: 'many' }],
      [{ name: 'x', rows: 1, extra: 1 }],
      [{ name: 'x', rows: 2_000_000 }],
      [
        { name: 'a', rows: 1 },
        { name: 'a', rows: 2 },
      ],
    ]) {
      expect(() => buildScenarioSpecs(parseOptions(['--scenarios', file(bad)]), limits)).toThrow(UsageError);
    }
    expect(() => buildScenarioSpecs(parseOptions(['--scenarios', join(dir, 'missing.json')]), limits)).toThrow(
      /cannot|ENOENT/,
    );
  });

  it('checks runs and warm-up against the configured limits', () => {
    expect(() => buildScenarioSpecs(parseOptions(['--runs', '101']), limits)).toThrow(
      /runs must be an integer from 1 to 100/,
    );
  });

  it(
    'gives every network case the 5 runs and the warm-up a verdict needs, unless --runs/--warmup say ' + 'otherwise',
    () => {
      const options = parseOptions(['--preset', 'network']);
      const specs = buildScenarioSpecs(options, limits);
      expect(specs.map((s) => [s.rows, s.requests ?? 1])).toEqual([
        [1, 1],
        [10_000, 1],
        [100_000, 1],
        [1, 1000],
      ]);
      for (const spec of specs)
        expect([caseSettings(spec, options).runs, caseSettings(spec, options).warmup]).toEqual([5, 1]);
      const told = parseOptions(['--preset', 'network', '--runs', '4', '--warmup', '2']);
      expect([caseSettings(specs[2], told).runs, caseSettings(specs[2], told).warmup]).toEqual([4, 2]);
    },
  );
});

describe('variantsFor', () => {
  const own: ScenarioSpec = {
    name: 'big',
    mode: 'single',
    rows: 100_000,
    requests: 1,
    variants: ['json', 'json-undici', 'grpc', 'grpc-sliced'],
  };
  const plain: ScenarioSpec = { name: 'small', mode: 'single', rows: 1, requests: 1 };
  const stream: ScenarioSpec = {
    ...own,
    name: 'stream',
    streamingOnly: true,
    variants: ['json', 'json-stream', 'grpc-stream'],
  };

  it("takes a case's own variants when the command line names none, and the run's for a case without", () => {
    const options = parseOptions([]);
    expect(options.given.variants).toBeUndefined();
    expect(variantsFor(own, options)).toEqual(['json', 'json-undici', 'grpc', 'grpc-sliced']);
    expect(variantsFor(plain, options)).toEqual(['json', 'grpc']);
    expect(variantsFor(stream, options)).toEqual(['json-stream', 'grpc-stream']);
  });

  it('lets --variants and --transport win for every case, own variants or not', () => {
    for (const argv of [
      ['--variants', 'grpc,json-undici'],
      ['--transport', 'grpc'],
    ]) {
      const options = parseOptions(argv);
      expect(options.given.variants).toEqual(options.transports);
      expect(variantsFor(own, options)).toEqual(options.transports);
      expect(variantsFor(plain, options)).toEqual(options.transports);
    }
    expect(variantsFor(stream, parseOptions(['--variants', 'json,grpc-stream']))).toEqual(['grpc-stream']);
  });

  it('records every case with the variants it runs on, and says before the run which cases have their own', () => {
    const options = parseOptions([]);
    expect(planOf([plain, own], options).map((s) => s.variants)).toEqual([['json', 'grpc'], own.variants]);
    expect(ownVariantNotes([plain, own], options)).toEqual([
      "big: on the preset's own variants for it, json, json-undici, grpc, grpc-sliced",
    ]);
    const given = parseOptions(['--variants', 'json']);
    expect(planOf([plain, own], given).map((s) => s.variants)).toEqual([['json'], ['json']]);
    expect(ownVariantNotes([plain, own], given)).toEqual([]);
  });

  it("leaves a preset's variant out of a case whose shape its serializer cannot serve, and says so", () => {
    const numeric: ScenarioSpec = { ...plain, name: 'small-numeric', shape: 'numeric' };
    const options = parseOptions(['--preset', 'serializers']);
    expect(options.transports).toContain('grpc-pbf');
    expect(variantsFor(numeric, options)).not.toContain('grpc-pbf');
    expect(variantsFor(numeric, options)).toContain('grpc-tsproto');
    expect(variantsFor({ ...numeric, shape: 'row' }, options)).toContain('grpc-pbf');
    const notes = refusedVariantNotes([numeric, { ...plain, shape: 'row' }], options);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^small-numeric: left out grpc-pbf \(pbf cannot carry NumericRow\.device_id, /);
    expect(notes[0]).toContain('; grpc-pbf-sized (pbf cannot carry');
    // Named on the command line, the pair is not dropped: the client refuses it (400 / exit 2), naming the fields.
    const named = parseOptions(['--variants', 'grpc,grpc-pbf']);
    expect(variantsFor(numeric, named)).toEqual(['grpc', 'grpc-pbf']);
    expect(refusedVariantNotes([numeric], named)).toEqual([]);
  });
});
