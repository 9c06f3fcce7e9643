import { join } from 'node:path';
import { NetnsHosts, startNetnsHosts } from './netns-hosts';
import { BenchRun, ScenarioResult, stampInvocation } from '@app/bench';
import { AppLauncher, BENCH_APPS, findProjectRoot, stopOnSignal } from '@app/bootstrap';
import { ConfigError, loadConfig, userShapeEnv } from '@app/config';
import { runScenarioOnClient } from './client-api';
import { BenchOptions, HELP, parseOptions } from './options';
import { recordRun, reportRun, reportUsageError, startRunRecord } from './start-run-record';
import { ProgressTracker } from './progress-tracker';
import { buildScenarioSpecs, cappedNotes, chunkFor, runsFor, variantsFor, warmupFor } from './scenario-specs';
import type { ScenarioSpec } from './presets';
import { UsageError } from './usage-error';
import { requireShaperFor } from './parse-networks';
import { saveRun } from './save-run';
import { requireFreshProcesses, requireOwnAppsForUserShape } from './fresh-processes';
import { InvocationResults } from './invocation-results';

export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

function outcome(results: ScenarioResult[]): string {
  const medians = results.map((r) => `${r.variant} median ${r.stats.medianMs.toFixed(2)} ms`).join(', ');
  const json = results.find((r) => r.variant === 'json');
  const grpc = results.find((r) => r.variant === 'grpc');
  return json && grpc ? `${medians} (gRPC/JSON ${(grpc.stats.medianMs / json.stats.medianMs).toFixed(2)})` : medians;
}

/** `npm run bench`: returns the exit code; stdout gets only the chosen formats, everything else goes to stderr. */
export async function runBenchCommand(argv: string[]): Promise<number> {
  let options: BenchOptions;
  let config;
  let specs;
  try {
    options = parseOptions(argv);
    if (options.help) {
      process.stdout.write(HELP + '\n');
      return EXIT.ok;
    }
    config = loadConfig();
    specs = buildScenarioSpecs(options, config.limits);
    requireShaperFor(options.networks, options.hosts);
    await requireFreshProcesses(new AppLauncher(config, findProjectRoot()), options.invocations);
    await requireOwnAppsForUserShape(new AppLauncher(config, findProjectRoot()), options.userShape !== null);
  } catch (error) {
    return reportUsageError('bench', error, EXIT.usage, [UsageError, ConfigError]);
  }

  // Before anything runs: a case run otherwise than asked (a concurrency capped at its requests) is said, not hidden.
  for (const line of cappedNotes(specs)) process.stderr.write(`wirebench bench: ${line}\n`);
  const root = findProjectRoot();
  const { dir, record } = startRunRecord(options.out ?? config.resultsDir, options.preset, options.label, { ...options, scenarios: specs }, root);
  const run: BenchRun = {
    ...record,
    kind: 'bench',
    preset: options.preset,
    targets: { client: config.targets.clientUrl, json: config.targets.jsonUrl, grpc: config.targets.grpcAddress },
    invocations: options.invocations,
    invocationStarts: [],
    scenarios: [],
  };
  const pooled = new InvocationResults(run.scenarios);

  // Each case runs under each chosen network profile; without --network, once, as the servers are.
  const networks: (string | undefined)[] = options.networks ?? [undefined];
  // Progress counts runs: warm-up, measured and the wire pass's two, per variant and profile.
  const weight = (spec: ScenarioSpec) => networks.length * variantsFor(spec, options).length * (runsFor(spec, options) + warmupFor(spec, options) + 2);
  const invocations = options.invocations;
  const progress = new ProgressTracker(invocations * specs.reduce((sum, spec) => sum + weight(spec), 0));
  const launcher = new AppLauncher(config, root);
  // The user's message, as settings for the apps this run starts (they build and check it again, and serve it).
  const appEnv = options.userShape ? userShapeEnv(options.userShape) : {};
  const abort = new AbortController();
  const signals = stopOnSignal((m) => progress.note(m), 'now', () => abort.abort());

  let netns: NetnsHosts | undefined;
  /** Every case under every profile once, in the processes of one invocation. */
  const runInvocation = async (invocation: number, of: string) => {
    for (const spec of specs) {
      if (signals.stopped) break;
      progress.starting(spec.name + of);
      const variants = variantsFor(spec, options);
      if (variants.length === 0) {
        progress.note(`${spec.name}: skipped, it runs on streaming variants only and none was chosen`);
        continue;
      }
      const outcomes: string[] = [];
      for (const network of networks) {
        if (signals.stopped) break;
        // One name per case and profile, so tables and comparisons never mix two profiles' figures.
        const name = network === undefined ? spec.name : `${spec.name}@${network}`;
        // On a second host the profile is the link's: put on the veth before the client calibrates and measures.
        if (netns && network !== undefined) {
          netns.useProfile(network);
          run.options = { ...run.options, linkShaping: { ...netns.linkShaping } };
        }
        const call = { spec, name, network, transports: variants, runs: runsFor(spec, options), warmup: warmupFor(spec, options), chunk: chunkFor(spec, options) };
        const results = stampInvocation(await runScenarioOnClient(run.targets.client, call, abort.signal), invocation);
        pooled.add(results);
        await saveRun(dir, run);
        outcomes.push(network === undefined ? outcome(results) : `${network}: ${outcome(results)}`);
      }
      progress.finished(spec.name + of, weight(spec), outcomes.join('; '));
    }
  };
  await recordRun(dir, run, () => signals.stopped, async () => {
    if (options.hosts === 'netns') {
      // One invocation only (parseOptions refuses more): the namespaces are set up once per run.
      netns = await startNetnsHosts(config, root, join(dir, 'apps.log'), (m) => progress.note(m), appEnv);
      run.targets = { client: netns.clientUrl, json: netns.jsonUrl, grpc: netns.grpcAddress };
      run.options = { ...run.options, hostsDescription: netns.description };
    }
    for (let invocation = 1; invocation <= invocations && !signals.stopped; invocation++) {
      const of = invocations > 1 ? ` (invocation ${invocation}/${invocations})` : '';
      if (!netns) {
        const startedApps = await launcher.ensureRunning(join(dir, 'apps.log'), (app) => progress.note(`starting ${app}${of}${invocations > 1 ? '' : ' (not reachable)'}`), BENCH_APPS, appEnv);
        if (startedApps.length > 0) progress.note(`started ${startedApps.join(', ')}${of}; they stop when ${invocations > 1 ? 'the invocation' : 'this run'} ends (logs: ${join(dir, 'apps.log')})`);
      }
      run.invocationStarts!.push({ invocation, startedAt: new Date().toISOString(), pids: launcher.startedPids() });
      await saveRun(dir, run);
      await runInvocation(invocation, of);
      // The next invocation needs fresh processes: stop these (requireFreshProcesses made sure they are ours).
      if (invocation < invocations) await launcher.stopStarted();
    }
  }, async () => {
    progress.stop();
    await netns?.stop();
    await launcher.stopStarted();
    signals.dispose();
  });

  reportRun('bench', dir, run, options.formats, `${run.scenarios.length} results`);
  return run.endReason === 'completed' ? EXIT.ok : run.endReason === 'interrupted' ? EXIT.interrupted : EXIT.failed;
}
