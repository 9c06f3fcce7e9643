// `npm run bench:overhead`: is the engine's own bookkeeping visible in what it measures? For a 1-row request,
// compares the engine's per-run time with a bare loop that times the same request with the same client
// library, in alternating blocks so machine drift hits both. Starts the servers if they are not running.
import { Agent } from 'node:http';
import { join } from 'node:path';
import axios from 'axios';
import { HttpService } from '@nestjs/axios';
import { ClientGrpcProxy, ClientProxyFactory } from '@nestjs/microservices';
import { aggregate, runScenarios, validateScenario } from '@app/bench';
import { GrpcTransport, JsonHttpTransport, withPayloadByteCounts } from '@app/transports';
import { loadConfig } from '@app/config';
import { loadSamplePackageDefinition, SAMPLE_SERVICE, sampleGrpcOptions, SampleServiceClient } from '@app/grpc';
import { AppLauncher, findProjectRoot } from '@app/bootstrap';
import { bareGrpcLoop, bareJsonLoop } from './overhead/bare-loops';
import { strictArgs } from './cli/strict-args';
import { UsageError } from './cli/usage-error';
import { requireWirebenchApps } from './cli/stranger-apps';

const BLOCKS = 100;
const PER_BLOCK = 20;
const WARMUP = 300;

const USAGE = `Usage: npm run bench:overhead [-- --help]

Is the engine's own bookkeeping visible in what it measures? For a 1-row request, times JSON and gRPC through the
engine and through a bare loop with the same client library, in ${BLOCKS} alternating blocks of ${PER_BLOCK} requests
(after ${WARMUP}
warm-up), and prints the medians and engine/bare. Starts the servers if they are not running; takes about 15 s.
Takes no other options.

Exit codes: 0 done, 1 failed, 2 bad options or another program at an app's address.`;

async function main(): Promise<void> {
  const config = loadConfig();
  const launcher = new AppLauncher(config, findProjectRoot());
  // Apps found running are timed as they are: each must be the wirebench app expected there.
  await requireWirebenchApps(launcher, config);
  await launcher.ensureRunning(join(config.resultsDir, 'overhead-apps.log'), (app) =>
    process.stderr.write(`starting ${app}\n`),
  );
  try {
    // The same client set-up as the client app: keep-alive HttpService, ClientGrpc from the shared factory.
    const http = new HttpService(axios.create({ httpAgent: new Agent({ keepAlive: true }) }));
    const grpcClient = ClientProxyFactory.create(
      sampleGrpcOptions({
        url: config.targets.grpcAddress,
        maxMessageBytes: config.grpcMaxMessageBytes,
        packageDefinition: withPayloadByteCounts(loadSamplePackageDefinition()),
      }),
    ) as unknown as ClientGrpcProxy;
    const service = grpcClient.getService<SampleServiceClient>(SAMPLE_SERVICE);
    const transports = {
      json: new JsonHttpTransport(http, config.targets.jsonUrl, config.requestTimeoutMs),
      grpc: new GrpcTransport(service, config.targets.grpcAddress, config.requestTimeoutMs),
    };
    const engine = async (kind: 'json' | 'grpc', runs: number) => {
      const scenario = validateScenario(
        kind,
        'single',
        { rows: 1, runs, warmup: 0 },
        { ...config.limits, maxRuns: runs },
      );
      const [result] = await runScenarios([{ scenario, transport: transports[kind] }]);
      return result.runs.map((r) => r.ms);
    };
    const bare = (kind: 'json' | 'grpc', n: number) =>
      kind === 'json' ? bareJsonLoop(http, config.targets.jsonUrl, n) : bareGrpcLoop(service, n);

    process.stdout.write(
      `engine vs bare loop, 1-row request, ` +
        `${BLOCKS} alternating blocks of ${PER_BLOCK} requests each (after ${WARMUP} warm-up)\n`,
    );
    process.stdout.write('transport  engine median µs  bare median µs  engine/bare\n');
    for (const kind of ['json', 'grpc'] as const) {
      await bare(kind, WARMUP);
      await engine(kind, WARMUP);
      const engineTimes: number[] = [];
      const bareTimes: number[] = [];
      for (let b = 0; b < BLOCKS; b++) {
        const order = b % 2 === 0 ? ['engine', 'bare'] : ['bare', 'engine'];
        for (const which of order) {
          if (which === 'engine') engineTimes.push(...(await engine(kind, PER_BLOCK)));
          else bareTimes.push(...(await bare(kind, PER_BLOCK)));
        }
      }
      const e = aggregate(engineTimes).medianMs * 1000;
      const r = aggregate(bareTimes).medianMs * 1000;
      process.stdout.write(
        `${kind.padEnd(9)}  ${e.toFixed(0).padStart(16)}  ` +
          `${r.toFixed(0).padStart(14)}  ${(e / r).toFixed(3).padStart(11)}\n`,
      );
    }
    grpcClient.close();
  } finally {
    await launcher.stopStarted();
  }
}

let help: boolean;
try {
  help = strictArgs(process.argv.slice(2), { help: { type: 'boolean', short: 'h' } }).values.help === true;
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`wirebench bench:overhead: ${error.message} (see --help)\n`);
  process.exit(2);
}
if (help) {
  process.stdout.write(USAGE + '\n');
  process.exit(0);
}
main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`wirebench bench:overhead: ${error?.message ?? error}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
