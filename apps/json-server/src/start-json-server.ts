import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { WirebenchConfig } from '@app/config';
import { StartupLogger } from '@app/bootstrap';
import { JsonServerModule } from './json-server.module';

/** Creates the JSON server and listens on the configured host and port; main.ts calls it. */
export async function startJsonServer(config: WirebenchConfig, logger: LogLevel[] | false = ['error', 'warn', 'log']): Promise<INestApplication> {
  const app = await NestFactory.create(JsonServerModule.forRoot(config), { logger: logger && new StartupLogger(logger), abortOnError: false });
  app.enableShutdownHooks();
  await app.listen(config.jsonServer.port, config.jsonServer.host);
  return app;
}
