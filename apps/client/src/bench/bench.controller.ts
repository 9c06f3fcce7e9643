import { Controller, Get, UseInterceptors, Param } from '@nestjs/common';
import {
  Comparison,
  familyBaseline,
  Mode,
  parseVariants,
  RunProgress,
  ScenarioResult,
  TransportKind,
} from '@app/bench';
import { ExplainedComparison } from '@app/explain';
import { ResultsService } from '../results/results.service';
import { BenchQuery } from './bench-query.decorator';
import type { NetworkProfile } from '@app/network';
import { NetworkService } from '../network/network.service';
import { BenchService } from './bench.service';
import { CallSignal } from './call-signal.decorator';
import { BenchQueryDto, CompareQueryDto, RunQueryDto } from './dto/bench-query.dto';
import {
  parseBenchVariants,
  parseDisturbedAbove,
  parseLabel,
  parseMode,
  parseRerunDisturbed,
  parseSwitch,
} from './parse-flags';
import { MeasurementInterceptor } from '../admission/measurement.interceptor';
import { CallProgress } from '../admission/call-progress.decorator';
import { ReadableNumbersInterceptor } from './readable-numbers.interceptor';

/**
 * The client endpoints, with the article's names as aliases. Everything here is a translation to BenchService;
 * which query parameters each accepts is declared in endpoint-parameters.ts.
 */
// Every call here measures: at most CLIENT_MAX_CALLS at once, the rest answered 503 while the client stays responsive;
// replies carry readable numbers unless ?raw=1.
@UseInterceptors(MeasurementInterceptor, ReadableNumbersInterceptor)
@Controller('client')
export class BenchController {
  constructor(
    private readonly bench: BenchService,
    private readonly results: ResultsService,
    private readonly network: NetworkService,
  ) {}

  @Get(['json/single/:rows', 'call-a/:rows'])
  jsonSingle(
    @Param('rows') rows: string,
    @BenchQuery('single') query: BenchQueryDto,
    @CallSignal() signal: AbortSignal,
    @CallProgress() progress: RunProgress,
  ): Promise<ScenarioResult> {
    return this.one('json', 'single', { ...query, rows }, signal, progress);
  }

  @Get(['grpc/single/:rows', 'call-b/:rows'])
  grpcSingle(
    @Param('rows') rows: string,
    @BenchQuery('single') query: BenchQueryDto,
    @CallSignal() signal: AbortSignal,
    @CallProgress() progress: RunProgress,
  ): Promise<ScenarioResult> {
    return this.one('grpc', 'single', { ...query, rows }, signal, progress);
  }

  @Get(['json/parallel/:requests', 'call-a-parallel/:requests'])
  jsonParallel(
    @Param('requests') requests: string,
    @BenchQuery('parallel') query: BenchQueryDto,
    @CallSignal() signal: AbortSignal,
    @CallProgress() progress: RunProgress,
  ): Promise<ScenarioResult> {
    return this.one('json', 'parallel', { ...query, requests }, signal, progress);
  }

  @Get(['grpc/parallel/:requests', 'call-b-parallel/:requests'])
  grpcParallel(
    @Param('requests') requests: string,
    @BenchQuery('parallel') query: BenchQueryDto,
    @CallSignal() signal: AbortSignal,
    @CallProgress() progress: RunProgress,
  ): Promise<ScenarioResult> {
    return this.one('grpc', 'parallel', { ...query, requests }, signal, progress);
  }

  /**
   * JSON and gRPC (the article's pair, its reply shape unchanged), or with `?variants=a,b,...` any variants, each
   * against its baseline when that ran too, else against the first, and `why` (where the time went, the explain
   * sentences, whether the runs can tell them apart) for the page.
   */
  @Get('compare')
  async compare(
    @BenchQuery('compare') query: CompareQueryDto,
    @CallSignal() signal: AbortSignal,
    @CallProgress() progress: RunProgress,
  ): Promise<Comparison | ExplainedComparison> {
    const { wire, save, label, network } = this.flags(query);
    const variants = query.variants === undefined ? undefined : parseVariants('variants', query.variants);
    const comparison = variants
      ? await this.bench.compareVariants(variants, query, wire, signal, network, progress)
      : await this.bench.compare(query, wire, signal, network, progress);
    if (save)
      await this.results.saveEndpointRuns(
        'results' in comparison ? comparison.results : [comparison.json, comparison.grpc],
        label,
      );
    return comparison;
  }

  /** The general form the bench CLI uses: any transports, either mode, optional wire pass. */
  @Get('bench')
  async run(
    @BenchQuery('bench') query: RunQueryDto,
    @CallSignal() signal: AbortSignal,
    @CallProgress() progress: RunProgress,
  ): Promise<{ results: ScenarioResult[] }> {
    const { wire, save, label, network } = this.flags(query);
    const variants = parseBenchVariants(query.transports, query.variants);
    const noise = {
      disturbedAbove: parseDisturbedAbove(query.disturbedAbove),
      rerunDisturbed: parseRerunDisturbed(query.rerunDisturbed),
    };
    const results = await this.bench.run({
      variants,
      mode: parseMode(query.mode, query.requests),
      input: query,
      wire,
      signal,
      network,
      progress,
      noise,
    });
    if (save) await this.results.saveEndpointRuns(results, label);
    return { results };
  }

  /**
   * One variant of the route's transport family: `?variant=` (default the family's baseline: json, grpc,
   * connect-proto).
   */
  private async one(
    family: TransportKind,
    mode: Mode,
    query: BenchQueryDto,
    signal: AbortSignal,
    progress: RunProgress,
  ): Promise<ScenarioResult> {
    const { wire, save, label, network } = this.flags(query);
    const variants =
      query.variant === undefined ? [familyBaseline(family)] : parseVariants('variant', query.variant, family);
    const [result] = await this.bench.run({ variants, mode, input: query, wire, signal, network, progress });
    if (save) await this.results.saveEndpointRuns([result], label);
    return result;
  }

  // Parsed before any request is sent, so a bad flag costs nothing.
  private flags(query: BenchQueryDto): {
    wire: boolean;
    save: boolean;
    label: string | null;
    network: NetworkProfile | undefined;
  } {
    return {
      wire: parseSwitch('wire', query.wire),
      save: parseSwitch('save', query.save),
      label: parseLabel(query.label),
      network: this.network.select(query.network),
    };
  }
}
