import { Logger } from '@nestjs/common';
import { exitOnStartupError, loadConfig } from '@app/config';
import { startJsonServer } from './start-json-server';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await startJsonServer(config);
  new Logger('json-server').log(`JSON server listening on ${await app.getUrl()} (GET /samples/:count)`);
}

bootstrap().catch((error) => exitOnStartupError('json-server', error));
