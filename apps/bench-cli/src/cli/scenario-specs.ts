import { readFileSync } from 'node:fs';
import { isStreamingVariant, ScenarioValidationError, shapeRefusal, validateScenario, VariantName } from '@app/bench';
import type { Limits } from '@app/config';
import { DEFAULT_SHAPE, type ShapeName } from '@app/shapes';
import type { BenchOptions } from './options';
import { PRESETS, ScenarioSpec } from './presets';
import { UsageError } from './usage-error';

/** What one case runs with: its variants, measured runs and warm-ups. */
export interface CaseSettings {
  variants: VariantName[];
  runs: number;
  warmup: number;
}

/**
 * The one merge of a case's settings, in precedence order: the run's (the preset's defaults or the built-in ones),
 * then the case's own (ScenarioSpec.variants, runs, warmup), then what the command line itself set (options.given),
 * which wins for every case. A streaming-only case then keeps only the variants that stream, and a case of a shape
 * that a variant's serializer cannot serve (pbf and 64-bit integers, say) leaves that variant out when the variants are
 * the preset's: named on the command line, the pair is refused instead (refusedVariantNotes says which were left out).
 */
export function caseSettings(
  spec: ScenarioSpec,
  options: Pick<BenchOptions, 'transports' | 'runs' | 'warmup' | 'given'>,
): CaseSettings {
  const merged = mergedSettings(spec, options);
  return { ...merged, variants: merged.variants.filter((v) => refusedFor(spec, options, v) === null) };
}

function mergedSettings(
  spec: ScenarioSpec,
  options: Pick<BenchOptions, 'transports' | 'runs' | 'warmup' | 'given'>,
): CaseSettings {
  const merged: CaseSettings = {
    variants: options.transports,
    runs: options.runs,
    warmup: options.warmup,
    ...definedOnly({ variants: spec.variants, runs: spec.runs, warmup: spec.warmup }),
    ...definedOnly(options.given),
  };
  return spec.streamingOnly ? { ...merged, variants: merged.variants.filter(isStreamingVariant) } : merged;
}

/** Why a case's preset variant is left out (its serializer cannot serve the case's shape), or null. */
function refusedFor(spec: ScenarioSpec, options: Pick<BenchOptions, 'given'>, variant: VariantName): string | null {
  return options.given.variants ? null : shapeRefusal(variant, spec.shape ?? DEFAULT_SHAPE);
}

/** One line per case that leaves a variant out because its serializer cannot serve the case's shape. */
export function refusedVariantNotes(
  specs: ScenarioSpec[],
  options: Pick<BenchOptions, 'transports' | 'runs' | 'warmup' | 'given'>,
): string[] {
  return specs.flatMap((spec) => {
    const out = mergedSettings(spec, options).variants.flatMap((v) => {
      const why = refusedFor(spec, options, v);
      return why === null ? [] : [`${v} (${why})`];
    });
    return out.length === 0 ? [] : [`${spec.name}: left out ${out.join('; ')}`];
  });
}

/** The variants a case runs on (caseSettings). */
export function variantsFor(
  spec: ScenarioSpec,
  options: Pick<BenchOptions, 'transports' | 'runs' | 'warmup' | 'given'>,
): VariantName[] {
  return caseSettings(spec, options).variants;
}

/** Rows per chunk for a case's streaming variants: the case's own, else --chunk-rows, else the client's default. */
export function chunkFor(spec: ScenarioSpec, options: Pick<BenchOptions, 'chunkRows'>): number | undefined {
  return spec.chunkRows ?? options.chunkRows;
}

/** The entries of `o` that are set: an absent setting must not hide the one before it in the merge. */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The scenarios a run will make: a preset, a --scenarios file, or every combination of --rows/--requests/--concurrency,
 * each crossed with every shape of --shapes.
 */
export function buildScenarioSpecs(options: BenchOptions, limits: Limits): ScenarioSpec[] {
  const cases = options.scenariosFile
    ? readScenariosFile(options.scenariosFile)
    : options.preset in PRESETS
      ? PRESETS[options.preset]
      : combinations(options);
  const specs = withShapes(cases, options.shapes ?? [DEFAULT_SHAPE]);
  const names = new Set<string>();
  for (const spec of specs) {
    if (names.has(spec.name)) throw new UsageError(`scenario name "${spec.name}" is used twice`);
    names.add(spec.name);
    // The same validation the client app applies, on every variant the case runs on, so a run cannot fail half-way
    // on a parameter.
    const { variants, runs, warmup } = caseSettings(spec, options);
    for (const variant of variants) {
      const chunk = isStreamingVariant(variant) ? chunkFor(spec, options) : undefined;
      try {
        validateScenario(
          variant,
          spec.mode,
          {
            name: spec.name,
            shape: spec.shape,
            rows: spec.rows,
            chunk,
            requests: spec.requests,
            concurrency: spec.concurrency,
            runs,
            warmup,
          },
          limits,
        );
      } catch (error) {
        if (error instanceof ScenarioValidationError)
          throw new UsageError(`scenario "${spec.name}" on ${variant}: ${error.message}`);
        throw error;
      }
    }
  }
  return specs;
}

/**
 * Each case once per shape, the shapes of one case side by side. The article's row keeps the case's own name (and
 * no `shape` of its own), so a run without --shapes is what it was; another shape's case is named <case>-<shape>.
 */
export function withShapes(cases: ScenarioSpec[], shapes: ShapeName[]): ScenarioSpec[] {
  return cases.flatMap((spec) =>
    shapes.map((shape) => (shape === DEFAULT_SHAPE ? spec : { ...spec, name: `${spec.name}-${shape}`, shape })),
  );
}

/**
 * Every combination the help promises. A concurrency above a case's requests cannot be reached, so the case runs with
 * its concurrency capped at its requests (one request: single mode) and its note says so, rather than being dropped;
 * combinations that the cap makes the same case run once, their note naming every concurrency that asked for it.
 */
function combinations(options: BenchOptions): ScenarioSpec[] {
  const byName = new Map<string, { spec: ScenarioSpec; capped: number[]; uncapped: number[] }>();
  for (const rows of options.rows ?? [1]) {
    for (const requests of options.requests ?? [1]) {
      for (const asked of options.concurrency ?? [undefined]) {
        const capped = asked !== undefined && asked > requests;
        const concurrency = capped ? requests : asked;
        const mode = requests > 1 ? 'parallel' : 'single';
        const name =
          mode === 'single' ? `rows-${rows}` : `rows-${rows}-x${requests}` + (concurrency ? `-c${concurrency}` : '');
        const spec: ScenarioSpec = {
          name,
          mode,
          rows,
          requests,
          ...(concurrency && !(capped && mode === 'single') ? { concurrency } : {}),
        };
        const entry = byName.get(name) ?? byName.set(name, { spec, capped: [], uncapped: [] }).get(name)!;
        if (asked !== undefined) (capped ? entry.capped : entry.uncapped).push(asked);
      }
    }
  }
  return [...byName.values()].map(({ spec, capped, uncapped }) =>
    capped.length === 0 ? spec : { ...spec, note: capNote(spec, capped, uncapped) },
  );
}

function capNote(spec: ScenarioSpec, capped: number[], uncapped: number[]): string {
  const requests = `${spec.requests} request${spec.requests === 1 ? '' : 's'}`;
  const what = spec.mode === 'single' ? 'run as a single request' : `capped at ${spec.requests}`;
  const same = uncapped.length > 0 ? `, the same case as --concurrency ${uncapped.join(', ')}` : '';
  return (
    `--concurrency ${capped.join(',' + ' ')} ` +
    `${capped.length === 1 ? 'i' + 's' : 'ar' + 'e'} above its ${requests}: ${what}${same}`
  );
}

/** The cases whose parameters differ from what was asked, one line each, to print before the run starts. */
export function cappedNotes(specs: ScenarioSpec[]): string[] {
  return specs.filter((spec) => spec.note !== undefined).map((spec) => `${spec.name}: ${spec.note}`);
}

/**
 * The plan as result.json keeps it: every case with the variants it runs on (variantsFor), so a preset whose cases
 * differ in variants (runtimes: its large case on the explain preset's) says so beside --variants' list.
 */
export function planOf(
  specs: ScenarioSpec[],
  options: Pick<BenchOptions, 'transports' | 'runs' | 'warmup' | 'given'>,
): ScenarioSpec[] {
  return specs.map((spec) => ({ ...spec, variants: variantsFor(spec, options) }));
}

/**
 * The cases that run on a preset's own variants rather than the run's, one line each, to print before the run starts.
 */
export function ownVariantNotes(
  specs: ScenarioSpec[],
  options: Pick<BenchOptions, 'transports' | 'runs' | 'warmup' | 'given'>,
): string[] {
  return specs
    .filter((spec) => spec.variants && !options.given.variants)
    .map((spec) => `${spec.name}: on the preset's own variants for it, ${variantsFor(spec, options).join(', ')}`);
}

function readScenariosFile(file: string): ScenarioSpec[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--scenarios ${file}: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0)
    throw new UsageError(`--scenarios ${file}: must be a non-empty JSON array of scenarios`);
  return parsed.map((item, i) => {
    const where = `--scenarios ${file}: item ${i + 1}`;
    if (!item || typeof item !== 'object') throw new UsageError(`${where} must be an object`);
    const { name, rows, requests = 1, concurrency, mode, ...rest } = item as Record<string, unknown>;
    if (Object.keys(rest).length > 0)
      throw new UsageError(
        `${where} has unknown keys: ${Object.keys(rest).join(', ')} (known: name, rows, requests, concurrency, mode)`,
      );
    if (typeof name !== 'string') throw new UsageError(`${where} needs a "name" string`);
    for (const [key, value] of Object.entries({ rows, requests, concurrency })) {
      if (value !== undefined && !Number.isSafeInteger(value))
        throw new UsageError(`${where}: "${key}" must be an integer`);
    }
    if (rows === undefined) throw new UsageError(`${where} needs "rows"`);
    if (mode !== undefined && mode !== 'single' && mode !== 'parallel')
      throw new UsageError(`${where}: "mode" must be single or parallel`);
    const resolvedMode =
      (mode as ScenarioSpec['mode'] | undefined) ?? ((requests as number) > 1 ? 'parallel' : 'single');
    return {
      name,
      mode: resolvedMode,
      rows: rows as number,
      requests: requests as number,
      ...(concurrency !== undefined ? { concurrency: concurrency as number } : {}),
    };
  });
}
