import {
  credentials,
  makeClientConstructor,
  type ServiceClientConstructor,
  type ServiceDefinition,
} from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';

let Health: ServiceClientConstructor | undefined;

type Check = (
  request: { service: string },
  options: { deadline: number },
  callback: (error: Error | null, reply?: { status?: string }) => void,
) => void;

/** grpc.health.v1.Health/Check for one service: its status ('SERVING', 'NOT_SERVING', ...), or the call's error. */
export function healthCheck(address: string, service: string, timeoutMs: number): Promise<string> {
  Health ??= makeClientConstructor(healthService as unknown as ServiceDefinition, 'Health');
  const client = new Health(address, credentials.createInsecure());
  return new Promise<string>((resolve, reject) =>
    (client.Check as Check).call(client, { service }, { deadline: Date.now() + timeoutMs }, (error, reply) =>
      error ? reject(error) : resolve(String(reply?.status ?? '')),
    ),
  ).finally(() => client.close());
}
