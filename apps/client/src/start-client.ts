import { INestApplication, LoggerService } from '@nestjs/common';
import type { WirebenchConfig } from '@app/config';
import { createHttpApp } from '@app/serving';
import { StartupLogger } from '@app/bootstrap';
import { ClientModule } from './client.module';

/** Creates the client app and listens on the configured host and port; main.ts calls it. */
export async function startClient(
  config: WirebenchConfig,
  logger: LoggerService | false = new StartupLogger(config.logLevel),
): Promise<INestApplication> {
  const app = await createHttpApp(ClientModule.forRoot(config), config.httpTimeouts, logger);
  await app.listen(config.client.port, config.client.host);
  return app;
}
