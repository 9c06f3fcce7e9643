import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { getShape, shapeNames, UnknownShapeError, type Shape } from '@app/shapes';
import { benchCodecs, refusedBenchCodecs } from './bench-codec';
import { codecTable } from './codec-table';
import { measureCodecs, type CodecMeasurement } from './measure-codec';
import { measurePhaseMemory, type PhaseMemoryMeasurement } from './measure-phase-memory';
import { phaseMemoryNote, phaseMemoryTable } from './phase-memory-table';
import { JobNoise, noiseLine, withJobNoise } from './job-noise';

// `npm run bench:codecs [-- --shapes a,b --rows N --runs N --big-rows N --only timing|memory]` (built first, run from
// dist/ as compiled): every serializer on every shape, timed, each shape in a fresh process (no codec warms up
// another's code); then `row` at --big-rows rows, timed, and each serializer alone in a fresh process for its memory
// phase by phase (untimed, so sampling never sits inside a clock). Markdown tables on stdout, progress on stderr. Bad
// options exit 2 naming the valid values.

const USAGE =
  'usage: bench:codecs [--shapes a,b] [--rows N (default: up to 100000, at most ~100 MB of JSON per reply)] ' +
  '[--runs N (5)] [--big-rows N (1000000 rows of `row` once; 0: skip)] [--only timing|memory]';
// A reply's JSON size the default row count stays under, so the 4 KiB `binary` rows do not need gigabytes.
const MAX_REPLY_BYTES = 100e6;
const MAX_ROWS = 100_000;
// The measuring process's heap limit: above V8's default (about 4 GiB here), which 1,000,000 rows held in a
// serializer's form, plus its reply and the decoded rows, can reach. Peak RSS is reported, so nothing is hidden.
const HEAP_MB = 8192;
const ONLY = ['timing', 'memory'] as const;

interface Options {
  shapes: Shape[];
  rows?: number;
  runs: number;
  bigRows: number;
  only?: (typeof ONLY)[number];
}

function fail(message: string): never {
  process.stderr.write(`bench:codecs: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function positiveInt(name: string, value: string | undefined, min: number): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > 2 ** 31 - 1)
    fail(`${name} must be an integer from ${min} to ${2 ** 31 - 1}, got ${JSON.stringify(value)}`);
  return n;
}

function parse(argv: string[]): Options {
  const options: Options = { shapes: shapeNames().map((name) => getShape(name)), runs: 5, bigRows: 1_000_000 };
  for (let k = 0; k < argv.length; k += 2) {
    const [flag, value] = [argv[k], argv[k + 1]];
    if (flag === '--shapes') {
      try {
        options.shapes = (value ?? '').split(',').map((name) => getShape(name));
      } catch (error) {
        fail((error as UnknownShapeError).message);
      }
    } else if (flag === '--rows') options.rows = positiveInt('--rows', value, 1);
    else if (flag === '--runs') options.runs = positiveInt('--runs', value, 1);
    else if (flag === '--big-rows') options.bigRows = positiveInt('--big-rows', value, 0);
    else if (flag === '--only')
      options.only =
        ONLY.find((only) => only === value) ??
        fail(`--only must be one of ${ONLY.join(', ')}, got ${JSON.stringify(value)}`);
    else fail(`unknown option ${JSON.stringify(flag)}`);
  }
  return options;
}

/** Rows per reply for a shape: MAX_ROWS, or fewer so that the reply's JSON stays under MAX_REPLY_BYTES. */
function defaultRows(shape: Shape): number {
  const sample = shape.rows(200);
  const jsonBytesPerRow = Buffer.byteLength(JSON.stringify(sample.map((row) => shape.toJson(row)))) / sample.length;
  return Math.min(MAX_ROWS, Math.floor(MAX_REPLY_BYTES / jsonBytesPerRow / 1000) * 1000);
}

interface Job {
  /** timed: measureCodecs' rounds; memory: measurePhaseMemory, one codec alone. */
  kind: 'timed' | 'memory';
  shape: string;
  /** How the noise line names the job; the shape's name when absent. */
  label?: string;
  codecs: string[];
  rows: number;
  runs: number;
  warmup: number;
}

function inChild<T>(job: Job): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, ['--child', JSON.stringify(job)], {
      execArgv: ['--expose-gc', `--max-old-space-size=${HEAP_MB}`],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let out = '';
    child.stdout?.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as T)
        : reject(new Error(`${job.codecs.join(', ')} on ${job.shape} (${job.rows} rows) failed, exit ${code}`)),
    );
  });
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === '--child') {
    const job = JSON.parse(argv[1]) as Job;
    const shape = getShape(job.shape);
    const gc = (globalThis as { gc?: () => void }).gc;
    process.stdout.write(
      JSON.stringify(
        job.kind === 'timed'
          ? measureCodecs(shape, job.codecs, job.rows, job.runs, job.warmup)
          : measurePhaseMemory(shape, job.codecs[0], job.rows, gc),
      ),
    );
    return;
  }
  const options = parse(argv);
  const names = (shape: Shape) => benchCodecs(shape).map((codec) => codec.name);
  const row = getShape('row');
  const jobs: Job[] = options.shapes.map((shape) => ({
    kind: 'timed',
    shape: shape.name,
    codecs: names(shape),
    rows: options.rows ?? defaultRows(shape),
    runs: options.runs,
    warmup: 1,
  }));
  const memoryJobs: Job[] = [];
  if (options.bigRows > 0) {
    jobs.push({
      kind: 'timed',
      shape: 'row',
      label: `row at ${options.bigRows.toLocaleString('en-US')} rows`,
      codecs: names(row),
      rows: options.bigRows,
      runs: 3,
      warmup: 1,
    });
    memoryJobs.push(
      ...names(row).map((codec): Job => ({
        kind: 'memory',
        shape: 'row',
        codecs: [codec],
        rows: options.bigRows,
        runs: 0,
        warmup: 0,
      })),
    );
  }
  if (options.only === 'memory') jobs.length = 0;
  if (options.only === 'timing') memoryJobs.length = 0;
  const started = new Date();
  const loadBefore = loadavg()[0];
  const timings: CodecMeasurement[] = [];
  const phases: PhaseMemoryMeasurement[] = [];
  const failures: string[] = [];
  const noises: (JobNoise | null)[] = [];
  for (const [k, job] of [...jobs, ...memoryJobs].entries()) {
    const what = job.kind === 'timed' ? `${job.warmup} warm-up + ${job.runs} runs` : 'memory phase by phase';
    process.stderr.write(
      `bench:codecs: ${k + 1}/${jobs.length + memoryJobs.length} ` +
        `${job.shape}: ${job.codecs.join(', ')}; ${job.rows} rows, ${what}\n`,
    );
    // A failed measurement is reported and the others go on: an hour's run is not lost to its last job. The timed
    // processes' noise, as a bench run's: the memory phases are untimed, what other processes do moves no figure.
    const timed = () => withJobNoise(job.label ?? job.shape, () => inChild<CodecMeasurement[]>(job));
    const done =
      job.kind === 'timed'
        ? timed().then(({ value, noise }) => {
            timings.push(...value);
            noises.push(noise);
          })
        : inChild<PhaseMemoryMeasurement>(job).then((result) => phases.push(result));
    await done.catch((error: Error) => failures.push(error.message));
  }
  const machine =
    `${cpus()[0]?.model ?? 'unknown CPU'} × ` +
    `${cpus().length}, load average ${loadBefore.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end`;
  const lines = [`Node ${process.version}, ${machine}, started ${started.toISOString()}.`];
  if (timings.length)
    lines.push(
      '',
      'Medians of the timed rounds (first round dropped), serializers interleaved round by round in one ' +
        "process per shape; every reply checked against the reference bytes and the rows' checksum after the clock.",
      '',
      codecTable(timings),
      '',
      noiseLine(noises),
      ...refusedBenchCodecs(options.shapes).map((line) => `Not timed: ${line}.`),
    );
  if (phases.length)
    lines.push(
      '',
      `Memory by phase: \`row\` at ` +
        `${options.bigRows.toLocaleString('en-US')} rows in one message. ${phaseMemoryNote(phases)}`,
      '',
      phaseMemoryTable(phases),
    );
  if (failures.length) lines.push('', 'Failed (no figures):', ...failures.map((failure) => `- ${failure}`));
  process.stdout.write(lines.join('\n') + '\n');
  if (failures.length) process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error: Error) => {
  process.stderr.write(`bench:codecs: ${error.message}\n`);
  process.exit(1);
});
