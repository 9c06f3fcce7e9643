import { Logger } from '@nestjs/common';
import { checkWritableDir } from '@app/config';
import { exitOnStartupError, loadAppConfig } from '@app/bootstrap';
import { startClient } from './start-client';

async function bootstrap(): Promise<void> {
  const config = loadAppConfig();
  checkWritableDir('RESULTS_DIR', config.resultsDir);
  const app = await startClient(config);
  new Logger('client').log(
    `client listening ` +
      `on ${await app.getUrl()} -> JSON ${config.targets.jsonUrl}, gRPC ` +
      `${config.targets.grpcAddress} (open ${config.targets.clientUrl}/ in a browser; GET /client lists the endpoints)`,
  );
}

bootstrap().catch((error) => exitOnStartupError('client', error));
