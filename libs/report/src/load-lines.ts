import { human } from '@app/printers';
import { type SavedRun } from '@app/explain';
import { levelShape, shapeTag, type LoadLevelResult, type LoadRun, loadVariantOf, nonDefaultEngine } from '@app/load';
import type { TableSpec } from './chart-spec.interface';
import { seriesLabel } from './run-names';
import { groupBy } from './scenario-rows';

// Less than 5% more requests/s for a higher concurrency: the server (or the generator) gives no more.
const PLATEAU_GAIN = 1.05;

/**
 * One server (x shape x engine x mode x rows) of one load run, its levels in rising concurrency, each with its flags.
 */
export interface LoadLine {
  runIndex: number;
  label: string;
  colorKey: string;
  levels: LoadLevelResult[];
  flags: string[];
}

function nameOf(level: LoadLevelResult, manyRows: boolean): string {
  const server = loadVariantOf(level.transport, level.targetKind) ?? `${level.transport}/${level.targetKind}`;
  return `${server}${shapeTag(level)}${
    nonDefaultEngine(level.engine) ? ` (${level.engine})` : ''
  }${level.mode === 'open' ? ' open loop' : ''}${manyRows ? `, ${human(level.rows)} rows` : ''}${runtimeTag(level)}`;
}

/** npm run load --node: a line per runtime (and round), named after it, so no line joins two runtimes' levels. */
function runtimeTag(level: LoadLevelResult): string {
  const { label, round } = level.runtime ?? {};
  return label ? ` on ${label}${round ? ` round ${round}` : ''}` : '';
}

/**
 * Why a level is flagged: the generator was the limit, requests failed, requests/s stopped rising, or other processes
 * disturbed it.
 */
function flagsOf(levels: LoadLevelResult[]): string[] {
  return levels.map((level, i) => {
    const flags: string[] = [];
    if (level.generatorSaturated) flags.push('generator saturated');
    const errors = level.requests - level.successes;
    if (errors > 0) flags.push(`${human(errors)} errors`);
    if (i > 0 && level.rps < levels[i - 1].rps * PLATEAU_GAIN) flags.push('throughput plateau');
    if (level.disturbed) flags.push(`disturbed (${level.foreignCpuCores} cores of other CPU)`);
    return flags.join(', ');
  });
}

/** One line per run x server x shape x engine x mode x rows x runtime, its levels in rising concurrency. */
export function loadLines(
  runs: readonly SavedRun[],
  loadRuns: readonly { run: LoadRun; runIndex: number }[],
): LoadLine[] {
  return loadRuns.flatMap(({ run, runIndex }) => {
    const manyRows = new Set(run.levels.map((l) => l.rows)).size > 1;
    return [
      ...groupBy(
        run.levels,
        (l) => `${l.transport}|${l.targetKind}|${levelShape(l)}|${l.engine}|${l.mode}|${l.rows}|${runtimeTag(l)}`,
      ).values(),
    ].map((group) => {
      const levels = [...group].sort((a, b) => a.concurrency - b.concurrency);
      const name = nameOf(levels[0], manyRows);
      return {
        runIndex,
        label: seriesLabel(runs, runIndex, name),
        colorKey: loadVariantOf(levels[0].transport, levels[0].targetKind) ?? name,
        levels,
        flags: flagsOf(levels),
      };
    });
  });
}

export function flaggedNotes(lines: LoadLine[]): string[] {
  return lines.flatMap((line) =>
    line.levels.flatMap((l, i) =>
      line.flags[i] ? [`${line.label} at concurrency ${human(l.concurrency)}: ${line.flags[i]}.`] : [],
    ),
  );
}

/** Every level of every line, as the load charts' table beneath them. */
export function loadTable(lines: LoadLine[]): TableSpec {
  return {
    head: ['line', 'concurrency', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'flagged'],
    numeric: [false, true, true, true, true, true, false],
    rows: lines.flatMap((line) =>
      line.levels.map((l, i) => [
        line.label,
        human(l.concurrency),
        human(l.rps),
        human(l.latency.p50, 2),
        human(l.latency.p99, 2),
        human(l.requests - l.successes),
        line.flags[i],
      ]),
    ),
  };
}
