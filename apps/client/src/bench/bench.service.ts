import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  Comparison,
  compareResults,
  GrpcTransport,
  JsonHttpTransport,
  Mode,
  Plan,
  RowsTransport,
  RunEvent,
  runScenarios,
  ScenarioInput,
  ScenarioResult,
  TransportKind,
  validateScenario,
} from '@app/bench';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';

/** Turns endpoint parameters into validated scenarios, runs them through the engine and logs each measurement. */
@Injectable()
export class BenchService {
  private readonly logger = new Logger(BenchService.name);
  private readonly transports: Record<TransportKind, RowsTransport>;

  constructor(
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
    json: JsonHttpTransport,
    grpc: GrpcTransport,
  ) {
    this.transports = { json, grpc };
  }

  async run(transport: TransportKind, mode: Mode, input: ScenarioInput): Promise<ScenarioResult> {
    const [result] = await runScenarios([this.plan(transport, mode, input)], { onRun: (e) => this.log(e) });
    return result;
  }

  /** JSON and gRPC with the same parameters, runs interleaved; more than one request means parallel mode. */
  async compare(input: ScenarioInput): Promise<Comparison> {
    const mode: Mode = input.requests === undefined || input.requests === '1' || input.requests === 1 ? 'single' : 'parallel';
    const plans = [this.plan('json', mode, input), this.plan('grpc', mode, input)];
    const [json, grpc] = await runScenarios(plans, { onRun: (e) => this.log(e) });
    return compareResults(json, grpc);
  }

  private plan(transport: TransportKind, mode: Mode, input: ScenarioInput): Plan {
    return { scenario: validateScenario(transport, mode, input, this.config.limits), transport: this.transports[transport] };
  }

  private log({ plan, phase, run, of, sample }: RunEvent): void {
    if (!sample) return;
    const s = plan.scenario;
    this.logger.log(
      `${s.transport} ${s.mode} rows=${s.rowsPerRequest} requests=${s.requests} concurrency=${s.concurrency} ` +
        `${phase} ${run}/${of}: ${sample.ms.toFixed(3)} ms, ${sample.rowsReceived} rows, ${sample.payloadBytes} B payload, verified`,
    );
  }
}
