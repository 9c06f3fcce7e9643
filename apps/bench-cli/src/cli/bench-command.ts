import { useBinaryBlobBytes } from '@app/shapes';
import { join } from 'node:path';
import { NetnsHosts, startNetnsHosts } from './netns-hosts';
import { BenchRun, judgeNoise, ScenarioResult, stampInvocation, VARIANTS, waitForQuiet } from '@app/bench';
import { AppLauncher, APP_AT, BENCH_APPS, findProjectRoot, stopOnSignal } from '@app/bootstrap';
import { ConfigError, loadConfig, userShapeEnv } from '@app/config';
import { RuntimeError } from '@app/runtimes';
import { runScenarioOnClient } from './client-api';
import { BenchOptions, HELP, parseOptions } from './options';
import { recordRun, reportRun, reportUsageError, startRunRecord } from './start-run-record';
import { addCounts, ProgressTracker, type WorkCounts } from './progress-tracker';
import {
  buildScenarioSpecs,
  cappedNotes,
  chunkFor,
  ownVariantNotes,
  planOf,
  caseSettings,
  refusedVariantNotes,
} from './scenario-specs';
import type { ScenarioSpec } from './presets';
import { UsageError } from './usage-error';
import { requireShaperFor } from './parse-networks';
import { saveRun } from './save-run';
import { requireFreshProcesses, requireOwnAppsForBlobBytes, requireOwnAppsForUserShape } from './fresh-processes';
import { moveToFreePorts } from './own-ports';
import { requireWirebenchApps } from './stranger-apps';
import { blobBytesEnv } from './blob-bytes-option';
import { InvocationResults } from './invocation-results';
import { resolveRuntimePairs, runtimeBlocks, type RuntimePair } from './runtime-blocks';
import { stampRuntime } from './stamp-runtime';
import { busyMachineLine } from './busy-machine';

export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

function outcome(results: ScenarioResult[]): string {
  const medians = results.map((r) => `${r.variant} median ${r.stats.medianMs.toFixed(2)} ms`).join(', ');
  const json = results.find((r) => r.variant === 'json');
  const grpc = results.find((r) => r.variant === 'grpc');
  return json && grpc ? `${medians} (gRPC/JSON ${(grpc.stats.medianMs / json.stats.medianMs).toFixed(2)})` : medians;
}

/** How progress names a block: its runtime and round, or its invocation. */
function blockName(round: number, rounds: number, pair: RuntimePair | null): string {
  if (pair) return ` (${pair.label}${rounds > 1 ? `, round ${round}/${rounds}` : ''})`;
  return rounds > 1 ? ` (invocation ${round}/${rounds})` : '';
}

/** `npm run bench`: returns the exit code; stdout gets only the chosen formats, everything else goes to stderr. */
export async function runBenchCommand(argv: string[]): Promise<number> {
  let options: BenchOptions;
  let config;
  let specs;
  // The runtime axis (--node ...), resolved and probed before anything runs; null: the apps as they are.
  let pairs: RuntimePair[] | null = null;
  try {
    options = parseOptions(argv);
    if (options.help) {
      process.stdout.write(HELP + '\n');
      return EXIT.ok;
    }
    config = loadConfig();
    // Without --blob-bytes the apps read BINARY_BLOB_BYTES from the environment they inherit, as this process did.
    useBinaryBlobBytes(options.blobBytes ?? config.binaryBlobBytes);
    specs = buildScenarioSpecs(options, config.limits);
    requireShaperFor(options.networks, options.hosts);
    // A run that starts its own apps does not stop at apps someone else left running: it takes other ports.
    const ownApps =
      options.invocations > 1 || options.runtimes !== null || options.userShape !== null || options.blobBytes !== null;
    const moved = ownApps ? await moveToFreePorts(new AppLauncher(config, findProjectRoot())) : null;
    if (moved) {
      process.stderr.write(`wirebench bench: ${moved}\n`);
      config = loadConfig();
    }
    await requireFreshProcesses(
      new AppLauncher(config, findProjectRoot()),
      options.invocations,
      options.runtimes !== null,
    );
    await requireOwnAppsForUserShape(new AppLauncher(config, findProjectRoot()), options.userShape !== null);
    await requireOwnAppsForBlobBytes(new AppLauncher(config, findProjectRoot()), options.blobBytes);
    // Apps found running are used as they are: each must be the wirebench app expected there (the netns hosts start
    // their own).
    if (options.hosts !== 'netns') await requireWirebenchApps(new AppLauncher(config, findProjectRoot()), config);
    if (options.runtimes) {
      pairs = await resolveRuntimePairs(options.runtimes, {
        offline: options.runtimes.offline,
        log: (line) => process.stderr.write(`wirebench bench: ${line}\n`),
      });
    }
  } catch (error) {
    return reportUsageError('bench', error, EXIT.usage, [UsageError, ConfigError, RuntimeError]);
  }

  // Before anything runs: a case run otherwise than asked (a concurrency capped at its requests) is said, not hidden.
  // And a case on other variants than the run's (the runtimes preset's large case on the explain preset's), and a
  // preset variant left out of a case whose shape its serializer cannot serve.
  for (const line of [
    ...cappedNotes(specs),
    ...ownVariantNotes(specs, options),
    ...refusedVariantNotes(specs, options),
  ])
    process.stderr.write(`wirebench bench: ${line}\n`);
  const busy = await busyMachineLine(options.disturbedAbove);
  if (busy) process.stderr.write(`wirebench bench: ${busy}\n`);
  const root = findProjectRoot();
  const { dir, record } = startRunRecord(
    options.out ?? config.resultsDir,
    options.preset,
    options.label,
    { ...options, scenarios: planOf(specs, options) },
    root,
  );
  const run: BenchRun = {
    ...record,
    kind: 'bench',
    preset: options.preset,
    targets: { client: config.targets.clientUrl, json: config.targets.jsonUrl, grpc: config.targets.grpcAddress },
    invocations: options.invocations,
    invocationStarts: [],
    ...(pairs ? { runtimes: pairs.map(({ label, server, client }) => ({ label, server, client })) } : {}),
    scenarios: [],
  };
  const pooled = new InvocationResults(run.scenarios);

  // Each case runs under each chosen network profile; without --network, once, as the servers are.
  const networks: (string | undefined)[] = options.networks ?? [undefined];
  // Progress counts each kind of run apart: measured, warm-up and the wire pass's two, per variant and profile.
  const weight = (spec: ScenarioSpec): WorkCounts => {
    const { variants, runs, warmup } = caseSettings(spec, options);
    const times = networks.length * variants.length;
    return { 'measured runs': times * runs, 'warm-up runs': times * warmup, 'wire-pass runs': times * 2 };
  };
  const invocations = options.invocations;
  // Each round runs every runtime once, in an order that rotates (runtime-blocks.ts); without --node one block a round.
  const blocks = runtimeBlocks<RuntimePair | null>(pairs ?? [null], invocations);
  const total: WorkCounts = {};
  for (let block = 0; block < blocks.length; block++) for (const spec of specs) addCounts(total, weight(spec));
  const progress = new ProgressTracker(total);
  const launcher = new AppLauncher(config, root);
  // The bench apps, and any other a chosen variant's address needs (an added variant at a bare server's, say).
  const apps = [
    ...new Set([
      ...BENCH_APPS,
      ...specs.flatMap((spec) => caseSettings(spec, options).variants.map((v) => APP_AT[VARIANTS[v].address])),
    ]),
  ];
  // The user's message, as settings for the apps this run starts (they build and check it again, and serve it).
  // And the binary shape's blob size, when --blob-bytes gave one.
  const appEnv = { ...(options.userShape ? userShapeEnv(options.userShape) : {}), ...blobBytesEnv(options.blobBytes) };
  const abort = new AbortController();
  const signals = stopOnSignal(
    (m) => progress.note(m),
    'now',
    () => abort.abort(),
  );

  let netns: NetnsHosts | undefined;
  /** Every case under every profile once, in the processes of one block (one invocation, on one runtime). */
  const runInvocation = async (invocation: number, of: string, pair: RuntimePair | null) => {
    for (const spec of specs) {
      if (signals.stopped) break;
      progress.starting(spec.name + of);
      const { variants, runs, warmup } = caseSettings(spec, options);
      if (variants.length === 0) {
        progress.note(`${spec.name}: skipped, none of the chosen variants runs it (streaming only, or its shape)`);
        continue;
      }
      const outcomes: string[] = [];
      for (const network of networks) {
        if (signals.stopped) break;
        // One name per case and profile, so tables and comparisons never mix two profiles' figures.
        // The runtime likewise (pooled apart too, see poolKey), before the profile: a case's profiles group by the
        // name without its `@profile` suffix, and that must stay one runtime's.
        const base = pair ? `${spec.name}@${pair.label}` : spec.name;
        const name = network === undefined ? base : `${base}@${network}`;
        // On a second host the profile is the link's: put on the veth before the client calibrates and measures.
        if (netns && network !== undefined) {
          netns.useProfile(network);
          run.options = { ...run.options, linkShaping: { ...netns.linkShaping } };
        }
        if (options.quiet) {
          const waited = await waitForQuiet(options.disturbedAbove);
          if (waited) progress.note(`${name}: ${waited}`);
        }
        const call = {
          spec,
          name,
          network,
          transports: variants,
          runs,
          warmup,
          chunk: chunkFor(spec, options),
          // The engine judges each run as it goes, to measure a disturbed one again (--quiet).
          disturbedAbove: options.disturbedAbove,
          rerunDisturbed: options.rerunDisturbed,
        };
        const judged = (await runScenarioOnClient(run.targets.client, call, abort.signal)).map((r) =>
          judgeNoise(r, options.disturbedAbove),
        );
        const measured = stampInvocation(judged, invocation);
        const results = pair ? stampRuntime(measured, pair) : measured;
        pooled.add(results);
        await saveRun(dir, run);
        outcomes.push(network === undefined ? outcome(results) : `${network}: ${outcome(results)}`);
      }
      progress.finished(spec.name + of, weight(spec), outcomes.join('; '));
    }
  };
  await recordRun(
    dir,
    run,
    () => signals.stopped,
    async () => {
      if (options.hosts === 'netns') {
        // One invocation only (parseOptions refuses more): the namespaces are set up once per run.
        netns = await startNetnsHosts(config, root, join(dir, 'apps.log'), (m) => progress.note(m), appEnv);
        run.targets = { client: netns.clientUrl, json: netns.jsonUrl, grpc: netns.grpcAddress };
        run.options = { ...run.options, hostsDescription: netns.description };
      }
      for (const [b, { round: invocation, pair }] of blocks.entries()) {
        if (signals.stopped) break;
        const of = blockName(invocation, invocations, pair);
        const fresh = blocks.length > 1;
        if (!netns) {
          const execPath = pair ? (app: string) => (app === 'client' ? pair.client.path : pair.server.path) : undefined;
          let startedApps;
          try {
            startedApps = await launcher.ensureRunning(
              join(dir, 'apps.log'),
              (app) => progress.note(`starting ${app}${of}${fresh || pair ? '' : ' (not reachable)'}`),
              apps,
              appEnv,
              execPath,
            );
          } catch (error) {
            // An app that does not start on a runtime says which runtime, in one line.
            throw pair ? new Error(`node runtime ${pair.label}: ${(error as Error).message}`) : error;
          }
          if (startedApps.length > 0)
            progress.note(
              `started ${startedApps.join(', ')}${of}; they stop ` +
                `when ${fresh ? (pair ? 'the block' : 'the invocation') : 'this run'} ends (logs: ` +
                `${join(dir, 'apps.log')})`,
            );
        }
        run.invocationStarts!.push({
          invocation,
          startedAt: new Date().toISOString(),
          pids: launcher.startedPids(),
          ...(pair ? { runtime: pair.label } : {}),
        });
        await saveRun(dir, run);
        await runInvocation(invocation, of, pair);
        // The next block needs fresh processes: stop these (requireFreshProcesses made sure they are ours).
        if (b < blocks.length - 1) await launcher.stopStarted();
      }
    },
    async () => {
      progress.stop();
      await netns?.stop();
      await launcher.stopStarted();
      signals.dispose();
    },
  );

  reportRun('bench', dir, run, options.formats, `${run.scenarios.length} results`);
  return run.endReason === 'completed' ? EXIT.ok : run.endReason === 'interrupted' ? EXIT.interrupted : EXIT.failed;
}
