import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { StartupLogger, WirebenchConfig } from '@app/config';
import { JsonServerModule } from './json-server.module';

/** Creates the JSON server and listens on the configured host and port; main.ts and the e2e tests share it. */
export async function startJsonServer(config: WirebenchConfig, logger: LogLevel[] | false = ['error', 'warn', 'log']): Promise<INestApplication> {
  const app = await NestFactory.create(JsonServerModule.forRoot(config), { logger: logger && new StartupLogger(logger), abortOnError: false });
  app.enableShutdownHooks();
  await app.listen(config.jsonServer.port, config.jsonServer.host);
  return app;
}
