import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ResourceProbe } from '@app/bench';
import {
  isTimeoutKind,
  LoadLevelResult,
  runLoadLevel,
  LOAD_DEFAULTS,
  LoadLevelInput,
  loadTarget,
  validateLoadLevel,
} from '@app/load';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { CallAdmission } from '../admission/call-admission.service';

// Failures that mean "nothing answered there" rather than "it answered wrongly"; a server that refused for now to stay
// within its memory budget (http-503, RESOURCE_EXHAUSTED) is busy, not broken, and the caller may retry as well.
const BUSY = /^(http-503|RESOURCE_EXHAUSTED)$/;
const UNREACHABLE = new RegExp(
  String.raw`^(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENOTFOUND|UNAVAILABLE|timeout|DEADLINE_EXCEEDED` +
    String.raw`|ETIMEDOUT|http-503|RESOURCE_EXHAUSTED)$`,
);

/** A short load level from the client app: the same validation, generator process and result as `npm run load`. */
@Injectable()
export class LoadService {
  constructor(
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
    private readonly admission: CallAdmission,
  ) {}

  async run(query: Record<string, unknown>, signal?: AbortSignal): Promise<LoadLevelResult> {
    const defaults = {
      ...LOAD_DEFAULTS.endpoint,
      timeoutMs: Math.min(this.config.requestTimeoutMs, LOAD_DEFAULTS.endpoint.timeoutMs),
    };
    const level = validateLoadLevel(
      query as LoadLevelInput,
      this.config.endpointLoadLimits,
      this.config.limits.maxRows,
      defaults,
    );
    // A load level saturates the machine by design: it takes the heavy slot, as a large measurement does.
    const releaseHeavy = this.admission.enterHeavy(`load ${level.transport} c=${level.concurrency} rows=${level.rows}`);
    try {
      return await this.runLevel(level, signal);
    } finally {
      releaseHeavy();
    }
  }

  private async runLevel(
    level: ReturnType<typeof validateLoadLevel>,
    signal: AbortSignal | undefined,
  ): Promise<LoadLevelResult> {
    const result = await runLoadLevel(
      `c${level.concurrency}`,
      {
        ...level,
        target: loadTarget(this.config.targets, level.transport, level.targetKind),
        grpcMaxMessageBytes: this.config.grpcMaxMessageBytes,
      },
      {
        probe: new ResourceProbe({ from: this.config.serverResourcesFrom, timeoutMs: this.config.requestTimeoutMs }),
        signal,
      },
    );
    if (result.successes === 0) throw failedLevel(result);
    return result;
  }
}

/**
 * No request of the level succeeded: 503 when nothing answered, 502 when the server answered wrongly, with the counts.
 */
function failedLevel(result: LoadLevelResult): HttpException {
  const kinds = Object.keys(result.errors);
  const unreachable = kinds.length > 0 && kinds.every((k) => UNREACHABLE.test(k));
  const statusCode = unreachable ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.BAD_GATEWAY;
  const counts =
    Object.entries(result.errors)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'no request completed';
  const where = `${result.target.server} at ${result.target.address}`;
  // Refused as busy, or timed out behind those that were: the server is up and keeping within its memory budget.
  const busy = kinds.some((k) => BUSY.test(k)) && kinds.every((k) => BUSY.test(k) || isTimeoutKind(k));
  const why = busy
    ? `${where} is busy (it keeps within MAX_INFLIGHT_BYTES): ask for fewer rows or less concurrency, or retry later`
    : `is ${where} up?`;
  return new HttpException(
    {
      statusCode,
      error: unreachable ? 'Service Unavailable' : 'Bad Gateway',
      message: `every request of the level failed (${counts}): ${why}`,
      server: result.target.server,
      address: result.target.address,
      requests: result.requests,
      errors: result.errors,
      level: result,
    },
    statusCode,
  );
}
