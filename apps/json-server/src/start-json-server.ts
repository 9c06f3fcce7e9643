import { INestApplication, LoggerService } from '@nestjs/common';
import type { ListenAddress, WirebenchConfig } from '@app/config';
import { createFastifyApp, createHttpApp } from '@app/serving';
import { serverResourceMeter } from '@app/resources';
import { StartupLogger } from '@app/bootstrap';
import { JsonServerModule } from './json-server.module';

/** The HTTP platforms the one JSON server module runs on: each is a variant's server (json, json-fastify, json-h2). */
export type JsonServerPlatform = 'express' | 'fastify' | 'fastify-h2';

/** Where each instance listens; they are the same app, so they differ only in platform and port. */
export function jsonServerAddress(config: WirebenchConfig, platform: JsonServerPlatform): ListenAddress {
  if (platform === 'fastify') return config.fastifyJsonServer;
  if (platform === 'fastify-h2') return config.h2JsonServer;
  return config.jsonServer;
}

/** Creates the JSON server on a platform and listens on that instance's configured host and port; the mains call it. */
export async function startJsonServer(
  config: WirebenchConfig,
  platform: JsonServerPlatform = 'express',
  logger: LoggerService | false = new StartupLogger(config.logLevel),
): Promise<INestApplication> {
  const { port, host } = jsonServerAddress(config, platform);
  const module = JsonServerModule.forRoot(config, serverResourceMeter(config, host));
  const app =
    platform === 'express'
      ? await createHttpApp(module, config.httpTimeouts, logger)
      : await createFastifyApp(module, config.httpTimeouts, logger, platform === 'fastify-h2');
  // An options object, so the accept queue is ours to size (config.httpListenBacklog); both adapters pass it to listen.
  await app.listen({ port, host, backlog: config.httpListenBacklog } as unknown as number);
  return app;
}
