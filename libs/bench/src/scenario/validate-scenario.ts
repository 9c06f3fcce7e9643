import type { Limits } from '@app/config';
import { chunkBudgetProblem } from '@app/serving';
import { DEFAULT_SHAPE, getShape, type ShapeName } from '@app/shapes';
import { Mode, Scenario, TransportKind } from './scenario.interface';
import { isStreamingVariant, streamingVariantNames, VariantName, VARIANTS } from './variants';
import { ScenarioNameError, ScenarioRangeError, ScenarioValidationError } from './scenario-validation.error';
import { integerParam } from './integer-param';
import { shapeParam } from './shape-param';
import { checkVariantShape } from './check-serializer-shape';

/** Raw parameters as they arrive from a URL or a command line: strings, numbers or absent. */
export interface ScenarioInput {
  name?: unknown;
  /** A shape's name (@app/shapes); absent: `row`. */
  shape?: unknown;
  rows?: unknown;
  /** Streaming variants only: rows per chunk. */
  chunk?: unknown;
  requests?: unknown;
  concurrency?: unknown;
  runs?: unknown;
  warmup?: unknown;
}

export const SCENARIO_DEFAULTS = { rows: 1, requests: 1, runs: 1, warmup: 0, chunkRows: 1000 } as const;

/**
 * The one place where parameters meet their limits. Every parameter must be a plain decimal integer in range;
 * concurrency defaults to "all at once" (the article's forkJoin) and may not exceed the request count.
 */
export function validateScenario(
  variant: VariantName,
  mode: Mode,
  input: ScenarioInput,
  limits: Limits,
  defaultChunkRows: number = SCENARIO_DEFAULTS.chunkRows,
): Scenario {
  // The two families' names are also their baseline variants, so callers that pass 'json' or 'grpc' mean what they did.
  const transport = VARIANTS[variant].family;
  const shape = shapeParam(input.shape);
  checkVariantShape(variant, shape, input.shape);
  const streaming = isStreamingVariant(variant);
  const rowsPerRequest = rowsParam(input.rows, streaming, limits);
  if (!streaming && input.chunk !== undefined && input.chunk !== null) {
    throw new ScenarioValidationError(
      'chunk',
      { values: streamingVariantNames() },
      `chunk applies to the streaming variants (${streamingVariantNames().join(', ')}), not ${variant}`,
      input.chunk,
    );
  }
  const chunkRows = streaming
    ? integerParam('chunk', input.chunk, Math.min(defaultChunkRows, limits.maxRows), 1, limits.maxRows)
    : null;
  if (chunkRows !== null)
    checkChunkBytes(shape, transport, chunkRows, rowsPerRequest, limits.streamBufferBytes, input.chunk);
  const requests =
    mode === 'single' ? 1 : integerParam('requests', input.requests, SCENARIO_DEFAULTS.requests, 1, limits.maxRequests);
  const concurrencyMax = Math.min(requests, limits.maxConcurrency);
  const concurrency = integerParam('concurrency', input.concurrency, concurrencyMax, 1, concurrencyMax);
  const runs = integerParam('runs', input.runs, SCENARIO_DEFAULTS.runs, 1, limits.maxRuns);
  const warmup = integerParam('warmup', input.warmup, SCENARIO_DEFAULTS.warmup, 0, limits.maxWarmup);
  const name =
    nameParam(input.name) ??
    defaultName(mode, rowsPerRequest, requests, concurrency) +
      (chunkRows === null ? '' : ` chunk=${chunkRows}`) +
      (shape === DEFAULT_SHAPE ? '' : ` shape=${shape}`);
  return { name, transport, variant, shape, mode, rowsPerRequest, chunkRows, requests, concurrency, runs, warmup };
}

/**
 * Rows per request: up to MAX_ROWS for one message (what one JSON text or protobuf message can carry and be
 * decoded), up to MAX_STREAM_ROWS for a streaming variant; above MAX_ROWS on a one-message variant the error
 * points to the streaming ones.
 */
function rowsParam(raw: unknown, streaming: boolean, limits: Limits): number {
  if (streaming) return integerParam('rows', raw, SCENARIO_DEFAULTS.rows, 1, limits.maxStreamRows);
  try {
    return integerParam('rows', raw, SCENARIO_DEFAULTS.rows, 1, limits.maxRows);
  } catch (error) {
    const asked = Number(raw);
    const names = streamingVariantNames();
    if (
      !(error instanceof ScenarioRangeError) ||
      !Number.isSafeInteger(asked) ||
      asked <= limits.maxRows ||
      names.length === 0
    )
      throw error;
    throw new ScenarioValidationError(
      'rows',
      { min: 1, max: limits.maxRows },
      `${error.message}: one message of more rows cannot be decoded; stream them ` +
        `with ${
          names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`
        } (up to ${limits.maxStreamRows} rows, MAX_STREAM_ROWS)`,
      raw,
    );
  }
}

/**
 * A chunk is held whole by the server while it is sent, so its largest encoding must fit STREAM_BUFFER_BYTES: the
 * shape's bound of one row (Shape.maxRowBytes, what the servers reserve by), as JSON or protobuf by the family.
 */
function checkChunkBytes(
  shape: ShapeName,
  family: TransportKind,
  chunkRows: number,
  rows: number,
  bufferBytes: number,
  raw: unknown,
): void {
  const bound = getShape(shape).maxRowBytes(rows - 1);
  const rowBytes = family === 'grpc' ? bound.protobuf : bound.json;
  const problem = chunkBudgetProblem('chunk', Math.min(chunkRows, rows), rowBytes, bufferBytes);
  if (problem !== null)
    throw new ScenarioValidationError('chunk', { min: 1, max: Math.floor(bufferBytes / rowBytes) }, problem, raw);
}

function defaultName(mode: Mode, rows: number, requests: number, concurrency: number): string {
  if (mode === 'single') return `single rows=${rows}`;
  return `parallel rows=${rows} requests=${requests}` + (concurrency < requests ? ` concurrency=${concurrency}` : '');
}

// Names end up in tables and CSV cells: printable, short, one line.
function nameParam(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string' || !/^[\x20-\x7e]{1,64}$/.test(raw) || raw.trim() !== raw) {
    throw new ScenarioNameError(raw);
  }
  return raw;
}
