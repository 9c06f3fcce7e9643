import { blobBytesLine, human } from '@app/printers';
import { runtimesLine, type BenchRun } from '@app/bench';
import { caseWords, isLoadRun, type SavedRun } from '@app/explain';
import { type LoadRun } from '@app/load';
import { runName } from './run-names';
import { groupBy, variantOf } from './scenario-rows';

/** What a run says about itself, for the table at the top of the report. */
export interface RunContext {
  name: string;
  /** Label/value rows of the header table, each readable on its own. */
  facts: [string, string][];
  /** The options exactly as recorded, for whoever needs a field the table does not show (printed folded away). */
  options: string;
}

const GB = 1_000_000_000;
const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/**
 * A per-case count in one line: the usual value, then the cases that differ ("5 per case and variant; 2 for 1-3"),
 * so a preset that runs its biggest case fewer times says so instead of hiding it in a range.
 */
function perCase(items: readonly { name: string; value: number }[], what: string): string {
  if (items.length === 0) return '(none measured yet)';
  const groups = [...groupBy(items, (i) => String(i.value)).values()].sort((a, b) => b.length - a.length);
  const [usual, ...others] = groups;
  const exceptions = others.map((g) => `${human(g[0].value)} for ${unique(g.map((i) => i.name)).join(', ')}`);
  return [`${human(usual[0].value)} ${what}`, ...exceptions].join('; ');
}

/**
 * The number of fresh-process invocations, where the run has them: the recorded --invocations option, else the
 * distinct invocation numbers its runs carry. Null for runs made before invocations existed.
 */
function invocationsOf(run: BenchRun): number | null {
  const option = run.options?.invocations;
  if (typeof option === 'number') return option;
  const numbers = run.scenarios.flatMap((r) =>
    r.runs.map((s) => (s as { invocation?: unknown }).invocation).filter((i) => typeof i === 'number'),
  );
  return numbers.length ? unique(numbers).length : null;
}

function networkOf(run: BenchRun): string {
  const profiles = unique(run.scenarios.map((r) => r.network?.profile ?? 'loopback'));
  const flagged = unique(run.scenarios.filter((r) => r.network?.flagged).map((r) => r.network!.profile));
  if (!run.scenarios.some((r) => r.network)) return 'none: loopback, as the servers are';
  return (
    profiles.join(', ') + (flagged.length ? ` (path off its profile by more than 20%: ${flagged.join(', ')})` : '')
  );
}

function hostsOf(run: SavedRun): string {
  const hosts = typeof run.options?.hosts === 'string' ? run.options.hosts : 'local';
  const description = typeof run.options?.hostsDescription === 'string' ? ` (${run.options.hostsDescription})` : '';
  const targets = Object.entries(run.targets ?? {}).map(([name, address]) => `${name} ${address}`);
  return `${hosts}${description}; ${targets.join(', ')}`;
}

/**
 * The variants the run planned, before any result: every case's own (the plan in options.scenarios, planOf), else
 * --variants' list as recorded by runs made before cases had their own.
 */
function recordedVariants(run: BenchRun): string[] {
  const plan = Array.isArray(run.options?.scenarios) ? (run.options.scenarios as { variants?: unknown }[]) : [];
  const ofCases = plan.flatMap((c) => (Array.isArray(c?.variants) ? (c.variants as string[]) : []));
  if (ofCases.length > 0) return unique(ofCases);
  return Array.isArray(run.options?.transports) ? (run.options.transports as string[]) : [];
}

function benchFacts(run: BenchRun): [string, string][] {
  const measured = run.scenarios.filter((r) => r.stats.n > 0);
  const cases = [...groupBy(run.scenarios, (r) => r.name).values()].map((g) => `${g[0].name} (${caseWords(g[0])})`);
  const variants = unique(run.scenarios.map(variantOf));
  const recorded = recordedVariants(run);
  const invocations = invocationsOf(run);
  return [
    ['preset', run.preset],
    ['cases', cases.length ? `${human(cases.length)}: ${cases.join(', ')}` : '(none measured yet)'],
    ['variants', (variants.length ? variants : recorded).join(', ') || '(none measured yet)'],
    [
      'measured runs',
      perCase(
        measured.map((r) => ({ name: r.name, value: r.stats.n })),
        'per case and variant',
      ),
    ],
    [
      'warm-up runs',
      perCase(
        run.scenarios.map((r) => ({ name: r.name, value: r.warmup })),
        'per case and variant',
      ),
    ],
    ...(invocations === null
      ? []
      : [['invocations', `${human(invocations)} (fresh server and client processes each)`] as [string, string]]),
    ['network profiles', networkOf(run)],
    ...(runtimesLine(run) === null ? [] : [['runtimes', runtimesLine(run)!] as [string, string]]),
    ...(blobBytesLine(run.scenarios) === null
      ? []
      : [['blob size', blobBytesLine(run.scenarios)!] as [string, string]]),
    [
      'results',
      `${human(run.scenarios.length)} (case × variant` +
        `${
          run.scenarios.some((r) => r.network) ? ' × profile' : ''
        }), ${human(run.scenarios.filter((r) => r.verified).length)} verified`,
    ],
  ];
}

function loadFacts(run: LoadRun): [string, string][] {
  const concurrency = unique(run.levels.map((l) => l.concurrency)).sort((a, b) => a - b);
  return [
    [
      'levels',
      `${human(run.levels.length)}${
        concurrency.length ? ` at concurrency ${concurrency.map((c) => human(c)).join(', ')}` : ''
      }`,
    ],
    [
      'transports',
      unique(run.levels.map((l) => `${l.transport} (${l.targetKind})`)).join(', ') || '(none measured yet)',
    ],
  ];
}

/**
 * The report's header: what was run (preset, cases, variants, runs, warm-up, invocations, profiles, hosts), who
 * labelled it, when, how it ended, and on what machine and versions. Every value is plain text; the printer escapes it.
 */
export function runContext(run: SavedRun): RunContext {
  const env = run.environment;
  const facts: [string, string][] = [
    ['run id', run.id],
    ['label', run.label ?? '(none)'],
    ['kind', isLoadRun(run) ? 'load' : 'bench'],
    ...(isLoadRun(run) ? loadFacts(run) : benchFacts(run)),
    ['hosts', hostsOf(run)],
    ['date (UTC)', `${run.startedAt} to ${run.endedAt ?? 'not ended'}`],
    ['ended', run.endReason + (run.error ? ` (${run.error})` : '')],
  ];
  if (env) {
    facts.push(
      [
        'machine',
        `${env.cpu.model}, ${env.cpu.cores} cores, ` +
          `${human(env.totalMemoryBytes / GB, 1)} GB, ` +
          `${env.os.platform} ${env.os.release} ${env.os.arch}, host ${env.hostname}`,
      ],
      [
        'versions',
        [
          `Node ${env.node}`,
          `wirebench ${env.wirebench}`,
          ...Object.entries(env.packages ?? {}).map(([name, version]) => `${name} ${version}`),
        ].join(', '),
      ],
      ['commit', env.gitCommit ?? '(not a git checkout)'],
    );
  }
  return { name: runName(run), facts, options: JSON.stringify(run.options ?? {}, null, 2) };
}
