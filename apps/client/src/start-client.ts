import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { WirebenchConfig } from '@app/config';
import { StartupLogger } from '@app/bootstrap';
import { ClientModule } from './client.module';

/** Creates the client app and listens on the configured host and port; main.ts calls it. */
export async function startClient(config: WirebenchConfig, logger: LogLevel[] | false = ['error', 'warn', 'log']): Promise<INestApplication> {
  const app = await NestFactory.create(ClientModule.forRoot(config), { logger: logger && new StartupLogger(logger), abortOnError: false });
  app.enableShutdownHooks();
  await app.listen(config.client.port, config.client.host);
  return app;
}
