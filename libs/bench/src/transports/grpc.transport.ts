import { status as GrpcStatus, Metadata, ServiceError } from '@grpc/grpc-js';
import { lastValueFrom } from 'rxjs';
import type { SampleServiceClient } from '@app/grpc';
import { FetchedRows, RowsTransport, TargetInfo } from './rows-transport.interface';
import { payloadBytesOf } from './measured-package-definition';
import { TransportError } from './transport-errors';

/** Unary gRPC through Nest's ClientGrpc, as a Nest user would call the gRPC server. */
export class GrpcTransport implements RowsTransport {
  readonly kind = 'grpc' as const;
  readonly target: TargetInfo;

  constructor(
    private readonly service: SampleServiceClient,
    address: string,
    private readonly timeoutMs: number,
  ) {
    this.target = { server: 'grpc-server', address };
  }

  async fetchRows(count: number): Promise<FetchedRows> {
    let reply;
    try {
      const deadline = new Date(Date.now() + this.timeoutMs);
      reply = await lastValueFrom(this.service.getSamples({ count }, new Metadata(), { deadline }));
    } catch (error) {
      throw this.toTransportError(error);
    }
    const payloadBytes = payloadBytesOf(reply);
    if (payloadBytes === undefined) {
      throw new Error('gRPC client was built without withPayloadByteCounts: payload size cannot be measured');
    }
    if (!Array.isArray(reply.samples)) throw new TransportError('bad-response', this.target, 'reply has no samples');
    return { rows: reply.samples, payloadBytes };
  }

  private toTransportError(error: unknown): TransportError {
    const e = error as Partial<ServiceError>;
    const detail = `${GrpcStatus[e.code as number] ?? 'error'}: ${e.details ?? e.message ?? String(error)}`;
    if (e.code === GrpcStatus.UNAVAILABLE) return new TransportError('unavailable', this.target, detail);
    if (e.code === GrpcStatus.DEADLINE_EXCEEDED) {
      return new TransportError('timeout', this.target, `no complete response within ${this.timeoutMs} ms (${detail})`);
    }
    return new TransportError('bad-response', this.target, detail);
  }
}
