import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { collectEnvironment, findGhz, findProjectRoot, GHZ_INSTALL_HINT, LoadLevelSpec, LoadRun, printLoad, runLoadLevel, splitLevel, TransportKind, writeLoadFiles } from '@app/bench';
import { ConfigError, loadConfig, WirebenchConfig } from '@app/config';
import { AppName, AppSupervisor } from './app-supervisor';
import { EXIT, runId } from './bench-command';
import { LOAD_HELP, LoadOptions, parseLoadOptions } from './load-options';
import { ProgressTracker } from './progress-tracker';
import { stopOnSignal } from './stop-on-signal';
import { UsageError } from './usage-error';

const APP_FOR: Record<'nest' | 'bare', Record<TransportKind, AppName>> = {
  nest: { json: 'json-server', grpc: 'grpc-server' },
  bare: { json: 'bare-json-server', grpc: 'bare-grpc-server' },
};

function address(config: WirebenchConfig, target: 'nest' | 'bare', transport: TransportKind): string {
  const t = config.targets;
  if (target === 'nest') return transport === 'json' ? t.jsonUrl : t.grpcAddress;
  return transport === 'json' ? t.bareJsonUrl : t.bareGrpcAddress;
}

/** Every level x target x transport x engine, in that order, so the targets, transports and engines of one level run side by side. */
function levelSpecs(options: LoadOptions, config: WirebenchConfig): { name: string; spec: LoadLevelSpec }[] {
  const out: { name: string; spec: LoadLevelSpec }[] = [];
  if (options.engines.includes('ghz') && options.transports.includes('json')) throw new UsageError('--engine ghz drives gRPC only: add --transport grpc');
  if (options.engines.includes('ghz') && options.rate !== undefined) throw new UsageError('--engine ghz runs a closed loop only: drop --rate');
  for (const concurrency of options.concurrency) {
    for (const targetKind of options.targets) {
      for (const transport of options.transports) {
        for (const engine of options.engines) {
          // HTTP/1.1 carries one request per socket at a time (autocannon pipelines the rest): never more sockets than callers.
          const connections = Math.min(options.connections ?? (transport === 'json' ? concurrency : 1), concurrency);
          // autocannon pipelines concurrency / connections requests per socket: it must come out whole.
          if (transport === 'json' && options.rate === undefined && concurrency % connections !== 0) {
            throw new UsageError(`--concurrency ${concurrency} is not a multiple of --connections ${connections}: HTTP callers are spread evenly over the sockets`);
          }
          out.push({
            name: `c${concurrency}`,
            spec: {
              transport,
              targetKind,
              target: { server: transport === 'json' ? 'json-server' : 'grpc-server', address: address(config, targetKind, transport) },
              rows: options.rows,
              concurrency,
              connections,
              durationMs: options.durationS * 1000,
              requests: options.requests,
              warmupMs: options.warmupS * 1000,
              rate: options.rate,
              timeoutMs: options.timeoutMs,
              grpcMaxMessageBytes: config.grpcMaxMessageBytes,
              generators: options.generators,
              engine,
            },
          });
          try {
            splitLevel(out[out.length - 1].spec);
          } catch (error) {
            throw new UsageError(`--generators: ${(error as Error).message}`);
          }
        }
      }
    }
  }
  return out;
}

/** `npm run load`: returns the exit code; stdout gets only the chosen formats. */
export async function runLoadCommand(argv: string[]): Promise<number> {
  let options: LoadOptions;
  let config: WirebenchConfig;
  let levels: { name: string; spec: LoadLevelSpec }[];
  try {
    options = parseLoadOptions(argv);
    if (options.help) {
      process.stdout.write(LOAD_HELP + '\n');
      return EXIT.ok;
    }
    config = loadConfig();
    if (options.rows > config.limits.maxRows) throw new UsageError(`--rows must be at most MAX_ROWS (${config.limits.maxRows})`);
    levels = levelSpecs(options, config);
    if (options.engines.includes('ghz') && !findGhz()) {
      process.stderr.write(`wirebench load: ghz not found: ${GHZ_INSTALL_HINT}\n`);
      return EXIT.usage;
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`wirebench load: ${error.message} (see --help)\n`);
      return EXIT.usage;
    }
    throw error;
  }
  const root = findProjectRoot();
  const workerEntry = join(root, 'dist', 'apps', 'bench-cli', 'apps', 'bench-cli', 'src', 'load-worker-main.js');
  if (!existsSync(workerEntry)) {
    process.stderr.write(`wirebench load: ${workerEntry} is missing: run "npm run build"\n`);
    return EXIT.failed;
  }
  const started = new Date();
  const id = runId(started, 'load');
  const dir = join(options.out ?? config.resultsDir, id);
  mkdirSync(dir, { recursive: true });
  const { help: _help, ...recorded } = options;
  const run: LoadRun = {
    kind: 'load',
    id,
    label: options.label,
    startedAt: started.toISOString(),
    endedAt: null,
    endReason: 'running',
    error: null,
    options: recorded as unknown as Record<string, unknown>,
    targets: { json: config.targets.jsonUrl, grpc: config.targets.grpcAddress, bareJson: config.targets.bareJsonUrl, bareGrpc: config.targets.bareGrpcAddress },
    environment: collectEnvironment(root),
    levels: [],
  };

  const secondsPerLevel = options.requests ? 1 : options.durationS + options.warmupS;
  const progress = new ProgressTracker(levels.length * secondsPerLevel, options.requests ? 'levels' : 's');
  const supervisor = new AppSupervisor(config, root);
  // A level in progress finishes (it is bounded in time); no new one starts.
  const signals = stopOnSignal((m) => progress.note(m), `after the current level (at most ${secondsPerLevel} s)`);
  let failedRequests = 0;
  try {
    const apps = [...new Set(levels.map((l) => APP_FOR[l.spec.targetKind][l.spec.transport]))];
    const env: Record<string, string> = options.workers ? { SERVER_WORKERS: String(options.workers) } : {};
    const startedApps = await supervisor.ensureRunning(join(dir, 'apps.log'), (app) => progress.note(`starting ${app} (not reachable)`), apps, env);
    if (options.workers && startedApps.length < apps.length) progress.note(`--workers applies only to servers this run starts; ${apps.filter((a) => !startedApps.includes(a)).join(', ')} were already running`);
    await writeLoadFiles(dir, run);
    for (const { name, spec } of levels) {
      if (signals.stopped) break;
      const title = `${spec.transport}/${spec.targetKind}${spec.engine === 'ghz' ? '/ghz' : ''} c=${spec.concurrency}`;
      progress.starting(title);
      const level = await runLoadLevel(name, spec, workerEntry);
      run.levels.push(level);
      await writeLoadFiles(dir, run);
      const failed = level.requests - level.successes;
      failedRequests += failed;
      progress.finished(title, secondsPerLevel, `${level.rps.toFixed(0)} req/s, p99 ${level.latency.p99.toFixed(2)} ms, ${failed} errors` + (level.generatorSaturated ? ', generator saturated' : ''));
      if (failed > 0) progress.note(`${title}: ${failed} of ${level.requests} requests failed (${Object.entries(level.errors).map(([k, v]) => `${k} ${v}`).join(', ')}); is ${spec.target.address} still up?`);
    }
    run.endReason = signals.stopped ? 'interrupted' : 'completed';
  } catch (error) {
    run.endReason = signals.stopped ? 'interrupted' : 'failed';
    run.error = (error as Error).message;
  } finally {
    run.endedAt = new Date().toISOString();
    progress.stop();
    await writeLoadFiles(dir, run);
    await supervisor.stopStarted();
    signals.dispose();
  }
  for (const format of options.formats) process.stdout.write(printLoad(format, run) + '\n');
  process.stderr.write(`wirebench load: ${run.endReason}; ${run.levels.length} levels in ${dir}/ (levels.csv, result.json, summary.md)\n`);
  if (run.error) process.stderr.write(`wirebench load: failed: ${run.error}\n`);
  if (run.endReason === 'interrupted') return EXIT.interrupted;
  // Failed requests make the run fail too, so a script or CI sees them.
  return run.endReason === 'completed' && failedRequests === 0 ? EXIT.ok : EXIT.failed;
}
