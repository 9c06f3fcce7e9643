import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ResourceProbe, ScenarioValidationError, TargetKind, TransportKind } from '@app/bench';
import {
  missingEnginePrograms,
  GeneratorLauncher,
  levelTooLarge,
  removeRunServices,
  RUN_LABEL,
  swarmGenerators,
  swarmRunId,
  swarmUnreadyReason,
  shapeTag,
  LoadLevelSpec,
  LoadRun,
  LoadSweep,
  runLoadLevel,
  nonDefaultEngine,
  LOAD_DEFAULTS,
  LOAD_VARIANTS,
  loadVariantOf,
  LoadLevelParams,
  loadTarget,
  validateLoadLevel,
} from '@app/load';
import { ConfigError, loadConfig, WirebenchConfig } from '@app/config';
import { AppLauncher, findProjectRoot, ServingAppName, stopOnSignal } from '@app/bootstrap';
import { loadNetworkProfiles, NetworkShaper } from '@app/network';
import { NetnsServers, startNetnsServers } from './netns-hosts';
import { startSwarmServers, SwarmServers } from './swarm-servers';
import { EXIT } from './bench-command';
import { recordRun, reportRun, reportUsageError, startRunRecord } from './start-run-record';
import { LOAD_HELP, LoadOptions, parseLoadOptions } from './load-options';
import { ProgressTracker } from './progress-tracker';
import { UsageError } from './usage-error';
import { requireShaperFor } from './parse-networks';
import { saveRun } from './save-run';
import { DEFAULT_SHAPE, useBinaryBlobBytes } from '@app/shapes';
import { RuntimeError } from '@app/runtimes';
import { requireOwnServersForRuntimes } from './fresh-processes';
import { requireWirebenchApps } from './stranger-apps';
import { resolveRuntimePairs, runtimeBlocks, type RuntimePair } from './runtime-blocks';
import { stampLoadRuntime } from './stamp-load-runtime';
import { blockTag } from './load-block-tag';

const APP_FOR: Record<TargetKind, Partial<Record<TransportKind, ServingAppName>>> = {
  nest: { json: 'json-server', grpc: 'grpc-server' },
  bare: { json: 'bare-json-server', grpc: 'bare-grpc-server' },
  fastify: { json: 'json-fastify-server' },
  // The Connect protocol on the Express app, the gRPC protocol on the h2c one (LOAD_TARGETS in @app/load).
  connect: { connect: 'json-server', grpc: 'json-h2-server' },
  'connect-bare': { connect: 'bare-connect-server', grpc: 'bare-connect-server' },
  go: { json: 'go-json-server', grpc: 'go-grpc-server' },
};

/**
 * Every level x shape x (target x transport, or variant) x engine, in that order, so the servers and engines of one
 * level run side by side; each checked by validateLoadLevel against the configured limits, as GET /client/load's one
 * level is. A target that does not serve a transport (fastify serves JSON only, connect no plain JSON) is left out of
 * the product.
 */
function levelSpecs(options: LoadOptions, config: WirebenchConfig): { name: string; spec: LoadLevelSpec }[] {
  const out: { name: string; spec: LoadLevelSpec }[] = [];
  const { connections, duration, warmup, requests, rows, rate, timeout, generators } = options;
  const servers = options.variants
    ? options.variants.map((v) => LOAD_VARIANTS[v])
    : options.targets.flatMap((target) =>
        options.transports
          .filter((transport) => APP_FOR[target][transport])
          .map((transport) => ({ target, transport })),
      );
  if (servers.length === 0)
    throw new UsageError(
      `--target ${options.targets.join(',')} serves none of --transport ${options.transports.join(',')}`,
    );
  for (const concurrency of options.concurrency) {
    // Each shape's servers side by side within a concurrency, so one shape's JSON and gRPC levels run back to back.
    for (const shape of options.shapes) {
      for (const { target, transport } of servers) {
        for (const engine of options.engines) {
          const input = {
            transport,
            target,
            engine,
            shape,
            concurrency,
            connections,
            duration,
            warmup,
            requests,
            rows,
            rate,
            timeout,
            generators,
          };
          let level: LoadLevelParams;
          try {
            level = validateLoadLevel(input, config.loadLimits, config.limits.maxRows, LOAD_DEFAULTS.cli);
          } catch (error) {
            if (!(error instanceof ScenarioValidationError)) throw error;
            throw new UsageError(`--${error.parameter}: ${error.message}`);
          }
          // A reply of this shape that no server would ever admit: said now, in the servers' words, not as a level of
          // refusals.
          const tooLarge = levelTooLarge(
            level.transport,
            level.rows,
            level.shape,
            config.serverMemory.maxInflightBytes,
          );
          if (tooLarge)
            throw new UsageError(`--rows: ${level.rows} rows of ${level.shape} over ${level.transport}: ${tooLarge}`);
          out.push({
            name: `c${level.concurrency}${level.shape === DEFAULT_SHAPE ? '' : `-${level.shape}`}`,
            spec: {
              ...level,
              target: loadTarget(config.targets, transport, target),
              grpcMaxMessageBytes: config.grpcMaxMessageBytes,
            },
          });
        }
      }
    }
  }
  return out;
}

/** The addresses a run may load, as result.json records them (each level's own is in its target). */
function runTargets(t: WirebenchConfig['targets']): Record<string, string> {
  return {
    json: t.jsonUrl,
    grpc: t.grpcAddress,
    bareJson: t.bareJsonUrl,
    bareGrpc: t.bareGrpcAddress,
    fastifyJson: t.fastifyJsonUrl,
    h2Json: t.h2JsonUrl,
    bareConnect: t.bareConnectUrl,
    bareConnectH2: t.bareConnectH2Url,
    goJson: t.goJsonUrl,
    goGrpc: t.goGrpcAddress,
  };
}

/** `npm run load`: returns the exit code; stdout gets only the chosen formats. */
export async function runLoadCommand(argv: string[]): Promise<number> {
  let options: LoadOptions;
  let config: WirebenchConfig;
  let levels: { name: string; spec: LoadLevelSpec }[];
  let apps: ServingAppName[];
  // The runtime axis (--node ...), resolved and probed before anything runs; null: the servers as they are.
  let pairs: RuntimePair[] | null = null;
  try {
    options = parseLoadOptions(argv);
    if (options.help) {
      process.stdout.write(LOAD_HELP + '\n');
      return EXIT.ok;
    }
    config = loadConfig();
    // The apps this run starts inherit BINARY_BLOB_BYTES; the levels' admission and checks use the same size.
    useBinaryBlobBytes(config.binaryBlobBytes);
    levels = levelSpecs(options, config);
    requireShaperFor(options.networks, options.hosts === 'netns' ? 'netns' : 'local');
    const missing = missingEnginePrograms(options.engines);
    if (missing.length > 0) {
      process.stderr.write(missing.map((line) => `wirebench load: ${line}\n`).join(''));
      return EXIT.usage;
    }
    // The servers this run loads (started unless running; on each runtime, with --node, and then never found running).
    apps = [...new Set(levels.map((l) => APP_FOR[l.spec.targetKind][l.spec.transport]!))];
    await requireOwnServersForRuntimes(new AppLauncher(config, findProjectRoot()), apps, options.runtimes !== null);
    // Servers found running are loaded as they are: each must be the wirebench server expected there (netns and
    // --swarm-servers start their own).
    if (options.hosts !== 'netns' && !options.swarmServers)
      await requireWirebenchApps(new AppLauncher(config, findProjectRoot()), config, apps);
    if (options.runtimes) {
      pairs = await resolveRuntimePairs(options.runtimes, {
        offline: options.runtimes.offline,
        log: (line) => process.stderr.write(`wirebench load: ${line}\n`),
      });
    }
    if (options.hosts === 'swarm') {
      const unready = await swarmUnreadyReason(
        options.image ?? config.swarm.image,
        levels[0].spec.generators ?? 1,
        options.perNode,
      );
      if (unready) throw new UsageError(`--hosts swarm: ${unready}`);
    }
  } catch (error) {
    return reportUsageError('load', error, EXIT.usage, [UsageError, ConfigError, RuntimeError]);
  }
  const root = findProjectRoot();
  const { dir, record } = startRunRecord(options.out ?? config.resultsDir, 'load', options.label, { ...options }, root);
  const run: LoadRun = {
    ...record,
    kind: 'load',
    targets: runTargets(config.targets),
    levels: [],
    ...(pairs
      ? { runtimes: pairs.map(({ label, server, client }) => ({ label, server, client })), rounds: options.rounds }
      : {}),
  };

  // Each level under each chosen network profile; without --network, once, as the servers are.
  const shapedLevels = levels.flatMap((l) => (options.networks ?? [undefined]).map((network) => ({ ...l, network })));
  // Each round runs every runtime's block once, in an order that rotates (runtime-blocks.ts); without --node one block.
  const blocks = runtimeBlocks<RuntimePair | null>(pairs ?? [null], options.rounds);
  const profiles = loadNetworkProfiles();
  // On a second host the shaper adds only what the link does not carry (see netns-hosts.ts); set once it is up.
  let shaper = new NetworkShaper();
  let netns: NetnsServers | undefined;
  // --swarm-servers: the servers as services on the swarm, once they answer; the levels load them there.
  let swarmServers: SwarmServers | undefined;
  // Where the servers are: as configured, or on a second host once it is up.
  let targets = config.targets;
  // Progress counts seconds of load (levels when they are bounded by a request count instead).
  const byCount = levels[0].spec.requests !== undefined;
  const secondsPerLevel = byCount ? 1 : (levels[0].spec.durationMs + levels[0].spec.warmupMs) / 1000;
  const unit = byCount ? 'levels' : 's of load';
  const progress = new ProgressTracker({ [unit]: blocks.length * shapedLevels.length * secondsPerLevel });
  const launcher = new AppLauncher(config, root);
  // A level in progress finishes (it is bounded in time); no new one starts.
  const signals = stopOnSignal((m) => progress.note(m), `after the current level (at most ${secondsPerLevel} s)`);
  // --hosts swarm: every level's shares as a job of the image, all labelled with this run's id (local: processes here).
  const swarmRun = options.hosts === 'swarm' ? { id: swarmRunId(), image: options.image ?? config.swarm.image } : null;
  const launch: GeneratorLauncher | undefined = swarmRun
    ? swarmGenerators({
        runId: swarmRun.id,
        image: swarmRun.image,
        perNode: options.perNode,
        constraints: options.generatorConstraints,
        startTimeoutMs: config.swarm.taskStartTimeoutMs,
        env: { BINARY_BLOB_BYTES: String(config.binaryBlobBytes) },
      })
    : undefined;
  const generatorsDescription =
    swarmRun &&
    `generators as Docker Swarm replicated jobs ` +
      `of ${swarmRun.image} (host network${options.perNode ? `, at most ${options.perNode} per node` : ''}` +
      `${options.generatorConstraints ? `, placed by ${options.generatorConstraints.join(', ')}` : ''}), ` +
      `labelled ${RUN_LABEL}=${swarmRun.id}`;
  if (swarmRun)
    run.options = {
      ...run.options,
      hostsDescription: `${generatorsDescription}; servers ${
        options.swarmServers ? 'as Docker Swarm services of the image' : 'as configured'
      }`,
    };
  const probe = new ResourceProbe({ from: config.serverResourcesFrom, timeoutMs: config.requestTimeoutMs });
  /** Every level under every profile once, on the servers of one block (one runtime, one round). */
  const runBlock = async (round: number, pair: RuntimePair | null, sweep: LoadSweep) => {
    const tag = blockTag(pair, round, options.rounds);
    for (const { name: base, spec: configured, network } of shapedLevels) {
      if (signals.stopped) break;
      const direct =
        targets === config.targets
          ? configured
          : { ...configured, target: loadTarget(targets, configured.transport, configured.targetKind) };
      if (netns && network !== undefined) {
        netns.useProfile(network);
        run.options = { ...run.options, linkShaping: { ...netns.linkShaping } };
      }
      // Under a profile the load goes through its shaping proxy, and the path is measured right before the level.
      const profile = network === undefined ? undefined : profiles[network];
      const spec = profile
        ? {
            ...direct,
            target: {
              ...direct.target,
              address: await shaper.route(profile, direct.target.address),
              serverAddress: direct.target.address,
            },
          }
        : direct;
      const conditions = profile ? await shaper.measure(profile) : undefined;
      const title =
        `${
          loadVariantOf(spec.transport, spec.targetKind) ?? `${spec.transport}/${spec.targetKind}`
        }${nonDefaultEngine(spec.engine) ? `/${spec.engine}` : ''}${shapeTag(spec)} ` +
        `c=${spec.concurrency}${network ? ` ${network}` : ''}${
          pair ? ` on ${pair.label}${options.rounds > 1 ? ` (round ${round}/${options.rounds})` : ''}` : ''
        }`;
      if (!sweep.runs(spec.concurrency, title)) {
        progress.finished(
          title,
          { [unit]: secondsPerLevel },
          'not run: above the level where this machine was the limit',
        );
        continue;
      }
      progress.starting(title);
      // One name per level, runtime and profile, so tables and comparisons never mix them.
      const name = `${base}${tag}${network ? `@${network}` : ''}`;
      // The generators on the block's client runtime (ghz levels ignore it: ghz is Go).
      const serverNode = swarmServers?.placed.find((p) => p.app === APP_FOR[spec.targetKind][spec.transport])?.node;
      const measured = await runLoadLevel(name, pair ? { ...spec, generatorNode: pair.client.path } : spec, {
        launch,
        probe,
        disturbedAbove: options.disturbedAbove,
      });
      // Nothing is proxied for a pass-through profile, nor on a link that carries all of a profile (tbf and netem).
      const via =
        spec.target.address !== direct.target.address
          ? `sent through the ${network} proxy at ${spec.target.address}`
          : `sent straight ` +
            `to ${spec.target.address} (${network}: ` +
            `${conditions?.shaping === 'none' ? 'nothing applied' : `on the link by ${conditions?.shaping}`})`;
      const shaped = conditions ? { ...measured, network: conditions, notes: [...measured.notes, via] } : measured;
      const stamped = pair ? stampLoadRuntime(shaped, pair, options.rounds > 1 ? round : null) : shaped;
      const level = serverNode === undefined ? stamped : { ...stamped, serverNode };
      run.levels.push(level);
      await saveRun(dir, run);
      const failed = level.requests - level.successes;
      progress.finished(
        title,
        { [unit]: secondsPerLevel },
        `${level.rps.toFixed(0)} req/s, p99 ${level.latency.p99.toFixed(2)} ms, ${failed} errors` +
          (level.generatorSaturated ? ', generator saturated' : '') +
          (level.disturbed ? `, disturbed: ${level.foreignCpuCores} cores of other CPU` : ''),
      );
      const said = sweep.record(title, level, spec.timeoutMs);
      if (said) progress.note(said);
    }
  };
  await recordRun(
    dir,
    run,
    () => signals.stopped,
    async () => {
      const env: Record<string, string> = options.workers ? { SERVER_WORKERS: String(options.workers) } : {};
      if (options.hosts === 'netns') {
        // The servers this run loads, on the second host; the generators stay here and dial them across the veth.
        netns = await startNetnsServers(config, root, join(dir, 'apps.log'), (m) => progress.note(m), {
          servers: apps,
          serverEnv: env,
        });
        shaper = new NetworkShaper(process.env, netns.link);
        targets = loadConfig({ ...process.env, ...netns.targetsEnv }).targets;
        run.targets = runTargets(targets);
        run.options = { ...run.options, hostsDescription: netns.description };
      }
      if (swarmRun && options.swarmServers) {
        swarmServers = await startSwarmServers(config, {
          runId: swarmRun.id,
          image: swarmRun.image,
          servers: apps,
          constraints: options.swarmServers.constraints,
          serverEnv: { ...env, BINARY_BLOB_BYTES: String(config.binaryBlobBytes) },
          startTimeoutMs: config.swarm.taskStartTimeoutMs,
          note: (m) => progress.note(m),
        });
        targets = loadConfig({ ...process.env, ...swarmServers.targetsEnv }).targets;
        run.targets = runTargets(targets);
        run.options = { ...run.options, hostsDescription: `${generatorsDescription}; ${swarmServers.description}` };
      }
      const stops: string[] = [];
      const failures: string[] = [];
      for (const [b, { round, pair }] of blocks.entries()) {
        if (signals.stopped) break;
        if (!netns && !swarmServers) {
          let startedApps: ServingAppName[];
          try {
            startedApps = await launcher.ensureRunning(
              join(dir, 'apps.log'),
              (app) => progress.note(`starting ${app}${pair ? ` on ${pair.label}` : ' (not reachable)'}`),
              apps,
              env,
              pair ? () => pair.server.path : undefined,
            );
          } catch (error) {
            // A server that does not start on a runtime says which runtime, in one line.
            throw pair ? new Error(`node runtime ${pair.label}: ${(error as Error).message}`) : error;
          }
          if (options.workers && startedApps.length < apps.length)
            progress.note(
              `--workers applies only to servers this run starts; ` +
                `${apps.filter((a) => !startedApps.includes(a)).join(', ')} were already running`,
            );
        }
        await saveRun(dir, run);
        // Each block judged on its own: where one runtime met this machine's limit says nothing of where another does.
        const sweep = new LoadSweep(availableParallelism());
        await runBlock(round, pair, sweep);
        const stopped = sweep.stopped();
        if (stopped) stops.push(stopped);
        const failure = sweep.failure();
        if (failure) failures.push(failure);
        // The next runtime's servers start fresh on it: stop these (requireOwnServersForRuntimes made sure they are
        // ours).
        if (b < blocks.length - 1) await launcher.stopStarted();
      }
      if (stops.length > 0) {
        run.stopped = stops.join('; ');
        progress.note(`wirebench load: ${run.stopped}`);
      }
      // A failed level fails the run, so its end reason, the line that says it and the exit code agree.
      if (failures.length > 0) throw new Error(failures.join('; '));
    },
    async () => {
      progress.stop();
      await shaper.close();
      await launcher.stopStarted();
      await netns?.stop();
      await swarmServers?.stop();
      // Each level removes its own job; this catches one a level could not (the run's label is on all of them).
      if (swarmRun) await removeRunServices(swarmRun.id);
      signals.dispose();
    },
  );

  reportRun('load', dir, run, options.formats, `${run.levels.length} levels`);
  return run.endReason === 'completed' ? EXIT.ok : run.endReason === 'interrupted' ? EXIT.interrupted : EXIT.failed;
}
