import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BenchRun, collectEnvironment, printRunsCsv, printSummaryCsv, RUN_FILES, RunFile, ScenarioResult } from '@app/bench';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';

/** Where `?save=1` appends endpoint measurements, in the same columns as a bench run's CSVs. */
export const ENDPOINT_RUNS_ID = 'client-endpoints';

export interface SavedRunSummary {
  id: string;
  preset: string | null;
  label: string | null;
  startedAt: string | null;
  endedAt: string | null;
  endReason: string | null;
  results: number | null;
  files: Record<string, string>;
}

// A run id is a folder name we wrote; anything else (slashes, dots first) is refused before touching the disk.
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Saved runs under RESULTS_DIR: listing, downloads, and appending endpoint measurements. */
@Injectable()
export class ResultsService {
  // Appends are serialised so concurrent ?save=1 calls cannot interleave rows.
  private appending: Promise<unknown> = Promise.resolve();
  private environment?: BenchRun['environment'];

  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  async list(): Promise<SavedRunSummary[]> {
    let entries: string[];
    try {
      entries = await readdir(this.config.resultsDir);
    } catch {
      return [];
    }
    const runs: SavedRunSummary[] = [];
    for (const id of entries.filter((e) => RUN_ID.test(e))) {
      const dir = join(this.config.resultsDir, id);
      if (!(await stat(dir)).isDirectory()) continue;
      const files = RUN_FILES.filter((f) => existsSync(join(dir, f)));
      if (files.length === 0) continue;
      const meta = files.includes('result.json') ? await this.readMeta(join(dir, 'result.json')) : null;
      runs.push({
        id,
        preset: meta?.preset ?? null,
        label: meta?.label ?? null,
        startedAt: meta?.startedAt ?? null,
        endedAt: meta?.endedAt ?? null,
        endReason: meta?.endReason ?? null,
        results: meta?.scenarios.length ?? null,
        files: Object.fromEntries(files.map((f) => [f, `/client/results/${id}/${f}`])),
      });
    }
    // Newest first: ids start with a sortable UTC timestamp.
    return runs.sort((a, b) => b.id.localeCompare(a.id));
  }

  /** The path of one file of one saved run; 404 for an unknown run or file. */
  filePath(id: string, file: string): string {
    if (!RUN_ID.test(id) || !(RUN_FILES as readonly string[]).includes(file)) throw new NotFoundException(`no such result file: ${id}/${file}`);
    const path = join(this.config.resultsDir, id, file as RunFile);
    if (!existsSync(path)) throw new NotFoundException(`no such result file: ${id}/${file}`);
    return path;
  }

  /** Appends the runs and summary rows of endpoint results to bench-results/client-endpoints/*.csv. */
  saveEndpointRuns(results: ScenarioResult[], label: string | null): Promise<void> {
    const next = this.appending.then(() => this.append(results, label));
    this.appending = next.catch(() => undefined);
    return next;
  }

  private async append(results: ScenarioResult[], label: string | null): Promise<void> {
    const dir = join(this.config.resultsDir, ENDPOINT_RUNS_ID);
    await mkdir(dir, { recursive: true });
    this.environment ??= collectEnvironment();
    const run: BenchRun = {
      id: ENDPOINT_RUNS_ID,
      preset: 'endpoint',
      label,
      startedAt: results[0]?.startedAt ?? new Date().toISOString(),
      endedAt: results[0]?.endedAt ?? null,
      endReason: 'completed',
      error: null,
      options: {},
      targets: { client: this.config.targets.clientUrl, json: this.config.targets.jsonUrl, grpc: this.config.targets.grpcAddress },
      environment: this.environment,
      scenarios: results,
    };
    const runsFile = join(dir, 'runs.csv');
    const summaryFile = join(dir, 'summary.csv');
    await appendFile(runsFile, printRunsCsv(run, { header: !existsSync(runsFile) }), 'utf8');
    await appendFile(summaryFile, printSummaryCsv(run, { header: !existsSync(summaryFile) }), 'utf8');
  }

  private async readMeta(path: string): Promise<BenchRun | null> {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as BenchRun;
    } catch {
      return null;
    }
  }
}
