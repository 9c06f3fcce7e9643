import { performance } from 'node:perf_hooks';
import { HttpService } from '@nestjs/axios';
import { lastValueFrom } from 'rxjs';
import type { SampleServiceClient } from '@app/grpc';

/** What a user would write to time one request, with the same client libraries, and nothing else. */
export async function bareJsonLoop(http: HttpService, baseUrl: string, iterations: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const response = await lastValueFrom(http.get<{ samples: unknown[] }>(`${baseUrl}/samples/1`));
    times.push(performance.now() - started);
    if (response.data.samples.length !== 1) throw new Error('bare JSON loop: wrong row count');
  }
  return times;
}

export async function bareGrpcLoop(service: SampleServiceClient, iterations: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const reply = await lastValueFrom(service.getSamples({ count: 1 }));
    times.push(performance.now() - started);
    if (reply.samples.length !== 1) throw new Error('bare gRPC loop: wrong row count');
  }
  return times;
}
