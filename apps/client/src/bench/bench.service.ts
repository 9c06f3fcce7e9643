import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  checkCallWork,
  Comparison,
  compareResults,
  isStreamingVariant,
  compareVariants,
  VariantComparison,
  Mode,
  Plan,
  ResourceProbe,
  RunEvent,
  runScenarios,
  ScenarioInput,
  ScenarioResult,
  VariantName,
  validateScenario,
} from '@app/bench';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { TransportFactory } from './transport.factory';

export interface RunRequest {
  /** The variants to time side by side (`json` and `grpc` are the article's two paths). */
  variants: VariantName[];
  mode: Mode;
  input: ScenarioInput;
  /** Also measure bytes on the wire, in a separate pass after the measured runs. */
  wire?: boolean;
  /** Fires when the caller has gone away; the measurement then stops with RunCancelledError. */
  signal?: AbortSignal;
}

/** Turns endpoint parameters into validated scenarios, runs them through the engine and logs each measurement. */
@Injectable()
export class BenchService {
  private readonly logger = new Logger(BenchService.name);
  // One probe for the app's life: it remembers which process serves which port.
  private readonly probe = new ResourceProbe();

  constructor(
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
    private readonly transports: TransportFactory,
  ) {}

  /** The given variants with the same parameters, runs interleaved; the call's total work is checked before anything is sent. */
  async run({ variants, mode, input, wire = false, signal }: RunRequest): Promise<ScenarioResult[]> {
    // In a call that mixes them, `chunk` is for the streaming variants; alone with one-message variants it is refused.
    const streams = variants.some(isStreamingVariant);
    const plans = variants.map((v) => this.plan(v, mode, streams && !isStreamingVariant(v) ? { ...input, chunk: undefined } : input));
    checkCallWork(
      plans.map((p) => p.scenario),
      wire,
      this.config.limits.maxCallRows,
    );
    return runScenarios(plans, { onRun: (e) => this.log(e), probe: this.probe, wire: wire ? this.transports : undefined, signal });
  }

  /** JSON and gRPC with the same parameters, runs interleaved; more than one request means parallel mode. */
  async compare(input: ScenarioInput, wire = false, signal?: AbortSignal): Promise<Comparison> {
    const [json, grpc] = await this.run({ variants: ['json', 'grpc'], mode: compareMode(input), input, wire, signal });
    return compareResults(json, grpc);
  }

  /** Any variants with the same parameters, runs interleaved; each against its baseline when present, else the first. */
  async compareVariants(variants: VariantName[], input: ScenarioInput, wire = false, signal?: AbortSignal): Promise<VariantComparison> {
    return compareVariants(await this.run({ variants, mode: compareMode(input), input, wire, signal }));
  }

  private plan(variant: VariantName, mode: Mode, input: ScenarioInput): Plan {
    return { scenario: validateScenario(variant, mode, input, this.config.limits, this.config.streamChunkRows), transport: this.transports.forVariant(variant) };
  }

  private log({ plan, phase, run, of, sample }: RunEvent): void {
    if (!sample) return;
    const s = plan.scenario;
    const cpu = sample.serverCpuMs === null ? '' : `, server CPU ${sample.serverCpuMs.toFixed(1)} ms`;
    this.logger.log(
      `${s.variant} ${s.mode} rows=${s.rowsPerRequest} requests=${s.requests} concurrency=${s.concurrency} ` +
        `${phase} ${run}/${of}: ${sample.ms.toFixed(3)} ms, ${sample.rowsReceived} rows, ${sample.payloadBytes} B payload${cpu}, verified`,
    );
  }
}

function compareMode(input: ScenarioInput): Mode {
  return input.requests === undefined || input.requests === '1' || input.requests === 1 ? 'single' : 'parallel';
}
