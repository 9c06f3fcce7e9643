import type { AbstractHttpAdapter } from '@nestjs/core';
import { mountConnectRoutes } from './mount-connect-routes';

describe('mountConnectRoutes', () => {
  it('refuses a platform it cannot mount on, naming the ones it can', async () => {
    const adapter = { getType: () => 'koa' } as unknown as AbstractHttpAdapter;
    await expect(mountConnectRoutes(adapter, () => undefined, { maxRequestBytes: 1024 })).rejects.toThrow(
      'Connect routes cannot be mounted on the koa platform: supported are express, fastify',
    );
  });
});
