import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  callRequests,
  callWork,
  checkCallWork,
  Comparison,
  compareResults,
  isStreamingVariant,
  compareVariants,
  Mode,
  Plan,
  ResourceProbe,
  RunEvent,
  RunProgress,
  runScenarios,
  Scenario,
  ScenarioInput,
  ScenarioResult,
  VariantName,
  validateScenario,
} from '@app/bench';
import { ExplainedComparison, explainComparison } from '@app/explain';
import { ClientFdLimitError } from '@app/transports';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { DEFAULT_SHAPE } from '@app/shapes';
import type { NetworkProfile } from '@app/network';
import { NetworkService } from '../network/network.service';
import { TransportFactory } from './transport.factory';
import { CallAdmission } from '../admission/call-admission.service';
import { socketsCapped } from './sockets-capped';

export interface RunRequest {
  /** The variants to time side by side (`json` and `grpc` are the article's two paths). */
  variants: VariantName[];
  mode: Mode;
  input: ScenarioInput;
  /** Also measure bytes on the wire, in a separate pass after the measured runs. */
  wire?: boolean;
  /** Fires when the caller has gone away; the measurement then stops with RunCancelledError. */
  signal?: AbortSignal;
  /** A network profile to run under: every variant's path shaped, and calibrated just before the runs. */
  network?: NetworkProfile;
  /** Kept up to date by the engine while it runs, for GET /client/progress and the progress log. */
  progress?: RunProgress;
  /** The threshold a run is judged disturbed by, and how many disturbed runs of each scenario are measured again. */
  noise?: { disturbedAbove: number; rerunDisturbed: number };
}

/** Turns endpoint parameters into validated scenarios, runs them through the engine and logs each measurement. */
@Injectable()
export class BenchService {
  private readonly logger = new Logger(BenchService.name);
  // One probe for the app's life: it remembers which process serves which port.
  private readonly probe: ResourceProbe;

  constructor(
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
    private readonly transports: TransportFactory,
    private readonly network: NetworkService,
    private readonly admission: CallAdmission,
  ) {
    this.probe = new ResourceProbe({ from: config.serverResourcesFrom, timeoutMs: config.requestTimeoutMs });
  }

  /**
   * The given variants with the same parameters, runs interleaved; the call's total work is checked before anything is
   * sent.
   */
  async run({
    variants,
    mode,
    input,
    wire = false,
    signal,
    network,
    progress,
    noise,
  }: RunRequest): Promise<ScenarioResult[]> {
    // In a call that mixes them, `chunk` is for the streaming variants; alone with one-message variants it is refused.
    const streams = variants.some(isStreamingVariant);
    const scenarios = variants.map((v) =>
      validateScenario(
        v,
        mode,
        streams && !isStreamingVariant(v) ? { ...input, chunk: undefined } : input,
        this.config.limits,
        this.config.streamChunkRows,
      ),
    );
    checkCallWork(scenarios, wire, this.config.limits.maxCallRows);
    const work = callWork(scenarios, wire);
    const requests = callRequests(scenarios, wire);
    const { heavyCallRows, heavyCallRequests } = this.config.clientBudget;
    // A heavy call takes the one heavy slot (CallAdmission) for as long as it runs; a second is answered 503.
    const heavy = work >= heavyCallRows || requests >= heavyCallRequests;
    const releaseHeavy = heavy
      ? this.admission.enterHeavy(`${variants.join(',')} ${mode}, ${work} rows in ${requests} requests in all`)
      : () => undefined;
    try {
      return await this.runAdmitted(variants, scenarios, wire, { signal, network, progress, noise });
    } finally {
      releaseHeavy();
    }
  }

  private async runAdmitted(
    variants: VariantName[],
    scenarios: Scenario[],
    wire: boolean,
    { signal, network, progress, noise }: Pick<RunRequest, 'signal' | 'network' | 'progress' | 'noise'>,
  ): Promise<ScenarioResult[]> {
    // Under a profile: each server reached through its shaping proxy, and the path measured right before the runs.
    const dials = network
      ? await Promise.all(variants.map((v) => this.network.route(network, this.transports.serverAddress(v))))
      : [];
    // A run held to its pool's sockets keeps only that many requests in flight: the rest would wait in the pool anyway,
    // as request objects, and creating 100,000 of those at once holds the event loop (and the app) for seconds.
    const caps = scenarios.map((s, i) =>
      socketsCapped(s, this.transports.socketCap(variants[i]), this.config.clientBudget),
    );
    caps.forEach((capped, i) => capped && this.logger.warn(`${variants[i]}: ${capped.reason}`));
    const conditions = network ? await this.network.conditions(network) : undefined;
    // Released however the runs end: a gRPC lease holds a channel no other measurement uses meanwhile.
    const leases = variants.map((variant, i) => this.transports.lease(variant, scenarios[i].shape, dials[i]));
    const plans: Plan[] = scenarios.map((scenario, i) => ({
      scenario: caps[i] ? { ...scenario, concurrency: caps[i].cap } : scenario,
      transport: leases[i].transport,
    }));
    let results: ScenarioResult[];
    try {
      results = await runScenarios(plans, {
        onRun: (e) => this.log(e),
        probe: this.probe,
        wire: wire ? this.transports : undefined,
        signal,
        progress,
        disturbedAbove: noise?.disturbedAbove,
        rerunDisturbed: noise?.rerunDisturbed ? { perScenario: noise.rerunDisturbed } : undefined,
      });
    } catch (error) {
      await Promise.all(leases.map((lease) => lease.release(false)));
      if (error instanceof ClientFdLimitError) await this.transports.releaseIdleSockets();
      throw error;
    }
    await Promise.all(leases.map((lease) => lease.release(true)));
    return results.map((r, i) => ({
      ...r,
      ...(conditions ? { network: conditions } : {}),
      ...(caps[i] ? { socketsCapped: caps[i] } : {}),
    }));
  }

  /** JSON and gRPC with the same parameters, runs interleaved; more than one request means parallel mode. */
  async compare(
    input: ScenarioInput,
    wire = false,
    signal?: AbortSignal,
    network?: NetworkProfile,
    progress?: RunProgress,
  ): Promise<Comparison> {
    const [json, grpc] = await this.run({
      variants: ['json', 'grpc'],
      mode: compareMode(input),
      input,
      wire,
      signal,
      network,
      progress,
    });
    return compareResults(json, grpc);
  }

  /**
   * Any variants with the same parameters, runs interleaved; each against its baseline when present, else the first;
   * with the why the page shows (where the time went, the explain sentences, whether the runs can tell them apart).
   */
  async compareVariants(
    variants: VariantName[],
    input: ScenarioInput,
    wire = false,
    signal?: AbortSignal,
    network?: NetworkProfile,
    progress?: RunProgress,
  ): Promise<ExplainedComparison> {
    const comparison = compareVariants(
      await this.run({ variants, mode: compareMode(input), input, wire, signal, network, progress }),
    );
    return explainComparison(comparison, this.config.limits.maxRuns);
  }

  private log({ plan, phase, run, of, sample }: RunEvent): void {
    if (!sample) return;
    const s = plan.scenario;
    const cpu = sample.serverCpuMs === null ? '' : `, server CPU ${sample.serverCpuMs.toFixed(1)} ms`;
    this.logger.log(
      `${s.variant} ${s.mode}${s.shape === DEFAULT_SHAPE ? '' : ` shape=${s.shape}`} ` +
        `rows=${s.rowsPerRequest} requests=${s.requests} concurrency=${s.concurrency} ` +
        `${phase} ${run}/${of}: ` +
        `${sample.ms.toFixed(3)} ms, ${sample.rowsReceived} rows, ${sample.payloadBytes} B payload${cpu}, verified`,
    );
  }
}

function compareMode(input: ScenarioInput): Mode {
  return input.requests === undefined || input.requests === '1' || input.requests === 1 ? 'single' : 'parallel';
}
