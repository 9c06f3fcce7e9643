import { BadRequestException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { LoadLevelResult, runLoadLevel, TransportKind } from '@app/bench';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { builtAppEntry } from '@app/bootstrap';

export interface LoadQuery {
  transport?: string;
  target?: string;
  concurrency?: string;
  connections?: string;
  duration?: string;
  warmup?: string;
  rows?: string;
  rate?: string;
}

// An endpoint call holds its HTTP request open for the whole run: longer runs belong to `npm run load`.
const SHORT_RUN = { maxDurationS: 30, maxWarmupS: 10, maxConcurrency: 1000 };

function bad(parameter: string, message: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, error: 'Bad Request', parameter, message });
}

function int(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw bad(name, `${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

/** A short load level from the client app: the same generator process and result as `npm run load`. */
@Injectable()
export class LoadService {
  constructor(@Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig) {}

  async run(q: LoadQuery): Promise<LoadLevelResult> {
    const transport = (q.transport ?? 'json') as TransportKind;
    if (transport !== 'json' && transport !== 'grpc') throw bad('transport', `transport must be json or grpc, got ${JSON.stringify(q.transport)}`);
    const targetKind = (q.target ?? 'nest') as 'nest' | 'bare';
    if (targetKind !== 'nest' && targetKind !== 'bare') throw bad('target', `target must be nest or bare, got ${JSON.stringify(q.target)}`);
    const concurrency = int('concurrency', q.concurrency, 10, 1, SHORT_RUN.maxConcurrency);
    const connections = int('connections', q.connections, transport === 'json' ? concurrency : 1, 1, concurrency);
    const durationS = int('duration', q.duration, 2, 1, SHORT_RUN.maxDurationS);
    const warmupS = int('warmup', q.warmup, 1, 0, SHORT_RUN.maxWarmupS);
    const rows = int('rows', q.rows, 1, 1, this.config.limits.maxRows);
    const rate = q.rate === undefined ? undefined : int('rate', q.rate, 0, 1, 1_000_000);
    const t = this.config.targets;
    const address = targetKind === 'nest' ? (transport === 'json' ? t.jsonUrl : t.grpcAddress) : transport === 'json' ? t.bareJsonUrl : t.bareGrpcAddress;

    let entry: string;
    try {
      entry = builtAppEntry('bench-cli', 'load-worker-main.js');
    } catch (error) {
      throw new ServiceUnavailableException((error as Error).message);
    }
    return runLoadLevel(`c${concurrency}`, {
      transport,
      targetKind,
      target: { server: transport === 'json' ? 'json-server' : 'grpc-server', address },
      rows,
      concurrency,
      connections,
      durationMs: durationS * 1000,
      warmupMs: warmupS * 1000,
      rate,
      timeoutMs: Math.min(this.config.requestTimeoutMs, 10_000),
      grpcMaxMessageBytes: this.config.grpcMaxMessageBytes,
    }, entry);
  }
}
