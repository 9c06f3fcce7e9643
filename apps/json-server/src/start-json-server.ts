import { INestApplication, LogLevel } from '@nestjs/common';
import type { WirebenchConfig } from '@app/config';
import { createHttpApp, StartupLogger } from '@app/bootstrap';
import { JsonServerModule } from './json-server.module';

/** Creates the JSON server and listens on the configured host and port; main.ts calls it. */
export async function startJsonServer(config: WirebenchConfig, logger: LogLevel[] | false = ['error', 'warn', 'log']): Promise<INestApplication> {
  const app = await createHttpApp(JsonServerModule.forRoot(config), config.httpTimeouts, logger && new StartupLogger(logger));
  await app.listen(config.jsonServer.port, config.jsonServer.host);
  return app;
}
