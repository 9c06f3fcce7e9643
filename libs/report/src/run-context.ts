import { human, isLoadRun, type SavedRun } from '@app/bench';
import { runName } from './run-names';

/** What a run says about itself, as label/value lines for the top of the report. */
export interface RunContext {
  name: string;
  facts: [string, string][];
}

const GB = 1_000_000_000;

/** Label, kind, dates, how it ended, machine, versions, commit and options: enough to tell two reports apart. */
export function runContext(run: SavedRun): RunContext {
  const env = run.environment;
  const facts: [string, string][] = [
    ['run id', run.id],
    ['label', run.label ?? '(none)'],
    ['kind', isLoadRun(run) ? 'load' : `bench, ${run.preset} preset`],
    ['date (UTC)', `${run.startedAt} to ${run.endedAt ?? 'not ended'}`],
    ['ended', run.endReason + (run.error ? ` (${run.error})` : '')],
    ['measured', isLoadRun(run) ? `${human(run.levels.length)} load levels` : `${human(run.scenarios.length)} scenario results`],
  ];
  if (env) {
    facts.push(
      ['machine', `${env.cpu.model}, ${env.cpu.cores} cores, ${human(env.totalMemoryBytes / GB, 1)} GB, ${env.os.platform} ${env.os.release} ${env.os.arch}, host ${env.hostname}`],
      ['versions', [`Node ${env.node}`, `wirebench ${env.wirebench}`, ...Object.entries(env.packages ?? {}).map(([name, version]) => `${name} ${version}`)].join(', ')],
      ['commit', env.gitCommit ?? '(not a git checkout)'],
    );
  }
  facts.push(['options', JSON.stringify(run.options ?? {})]);
  return { name: runName(run), facts };
}
