import { appendEndpointRuns, readSavedRun, RUN_FILES, RunKind, SAVED_RUN_FILES } from '@app/printers';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BenchRun, collectEnvironment, ScenarioResult } from '@app/bench';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';

/** Where `?save=1` appends endpoint measurements, in the same columns as a bench run's CSVs. */
export const ENDPOINT_RUNS_ID = 'client-endpoints';

export interface SavedRunSummary {
  id: string;
  /** bench, load, endpoint (`?save=1` CSVs), or null when the folder's result.json cannot be read. */
  kind: RunKind | null;
  preset: string | null;
  label: string | null;
  startedAt: string | null;
  endedAt: string | null;
  endReason: string | null;
  /** Scenario results (bench) or levels (load) saved so far. */
  results: number | null;
  files: Record<string, string>;
  /** Why the run could not be read (half-written or foreign result.json, unreadable folder); null when it could. */
  error: string | null;
}

// A run id is a folder name we wrote; anything else (slashes, dots first) is refused before touching the disk.
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

// What an example link shows first: the file a spreadsheet opens, else any the run has.
const EXAMPLE_FILES = ['summary.csv', ...SAVED_RUN_FILES];

const fileLink = (id: string, file: string): string => `/client/results/${id}/${file}`;

/** Saved runs under RESULTS_DIR: listing (every kind), downloads, and appending endpoint measurements. */
@Injectable()
export class ResultsService {
  // Appends are serialised so concurrent ?save=1 calls cannot interleave rows.
  private appending: Promise<unknown> = Promise.resolve();
  private readonly logger = new Logger(ResultsService.name);
  private environment?: BenchRun['environment'];

  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  /** Newest first; a folder that cannot be read is listed with its error, never a failed call. */
  async list(): Promise<SavedRunSummary[]> {
    const runs = await Promise.all((await this.runIds()).map((id) => this.summarise(id)));
    return runs.filter((r): r is SavedRunSummary => r !== null);
  }

  /**
   * A link to one file of the newest saved run (its summary.csv when it has one), or null when nothing is saved:
   * an example that resolves. Only looks for files, so GET /client reads no result.json.
   */
  async newestFile(): Promise<string | null> {
    for (const id of await this.runIds()) {
      const file = EXAMPLE_FILES.find((f) => existsSync(join(this.config.resultsDir, id, f)));
      if (file) return fileLink(id, file);
    }
    return null;
  }

  /** The path of one file of one saved run; 404 for an unknown run or file. */
  filePath(id: string, file: string): string {
    if (!RUN_ID.test(id) || !SAVED_RUN_FILES.includes(file))
      throw new NotFoundException(`no such result file: ${id}/${file}`);
    const path = join(this.config.resultsDir, id, file);
    if (!existsSync(path)) throw new NotFoundException(`no such result file: ${id}/${file}`);
    return path;
  }

  /** Appends the runs and summary rows of endpoint results to bench-results/client-endpoints/*.csv. */
  saveEndpointRuns(results: ScenarioResult[], label: string | null): Promise<void> {
    const next = this.appending
      .then(() => appendEndpointRuns(join(this.config.resultsDir, ENDPOINT_RUNS_ID), this.endpointRun(results, label)))
      .then((kept) =>
        kept.forEach((file) =>
          this.logger.warn(
            `${file}: an older build's columns, kept whole; new rows start a new file under today's header`,
          ),
        ),
      );
    this.appending = next.catch(() => undefined);
    return next;
  }

  /**
   * The folder names that may be runs, newest first (ids start with a sortable UTC timestamp); none when RESULTS_DIR
   * cannot be read.
   */
  private async runIds(): Promise<string[]> {
    try {
      return (await readdir(this.config.resultsDir)).filter((e) => RUN_ID.test(e)).sort((a, b) => b.localeCompare(a));
    } catch {
      return [];
    }
  }

  private async summarise(id: string): Promise<SavedRunSummary | null> {
    const dir = join(this.config.resultsDir, id);
    const blank = {
      id,
      kind: null,
      preset: null,
      label: null,
      startedAt: null,
      endedAt: null,
      endReason: null,
      results: null,
      files: {},
      error: null,
    };
    try {
      if (!(await stat(dir)).isDirectory()) return null;
    } catch (error) {
      // A dangling link or a folder we may not read: say so rather than hide it or fail the list.
      return {
        ...blank,
        error: `cannot read ${id}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      };
    }
    const files = SAVED_RUN_FILES.filter((f) => existsSync(join(dir, f)));
    if (files.length === 0) return null;
    const links = Object.fromEntries(files.map((f) => [f, fileLink(id, f)]));
    if (!files.includes('result.json')) {
      const endpoint = RUN_FILES.endpoint.every((f) => files.includes(f));
      return {
        ...blank,
        kind: endpoint ? 'endpoint' : null,
        files: links,
        error: endpoint ? null : `${id} has no result.json`,
      };
    }
    try {
      const run = await readSavedRun(join(dir, 'result.json'));
      return {
        id,
        kind: run.kind,
        preset: run.kind === 'bench' ? run.preset : null,
        label: run.label ?? null,
        startedAt: run.startedAt ?? null,
        endedAt: run.endedAt ?? null,
        endReason: run.endReason ?? null,
        results: run.kind === 'bench' ? run.scenarios.length : run.levels.length,
        files: links,
        error: null,
      };
    } catch (error) {
      return { ...blank, files: links, error: (error as Error).message.replace(this.config.resultsDir + '/', '') };
    }
  }

  private endpointRun(results: ScenarioResult[], label: string | null): BenchRun {
    this.environment ??= collectEnvironment();
    return {
      kind: 'bench',
      id: ENDPOINT_RUNS_ID,
      preset: 'endpoint',
      label,
      startedAt: results[0]?.startedAt ?? new Date().toISOString(),
      endedAt: results[0]?.endedAt ?? null,
      endReason: 'completed',
      error: null,
      options: {},
      targets: {
        client: this.config.targets.clientUrl,
        json: this.config.targets.jsonUrl,
        grpc: this.config.targets.grpcAddress,
      },
      environment: this.environment,
      scenarios: results,
    };
  }
}
