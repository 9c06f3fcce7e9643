import { Logger } from '@nestjs/common';
import { runWithWorkers } from '@app/bootstrap';
import { startJsonServer } from './start-json-server';

runWithWorkers({
  app: 'json-server',
  address: (config) => config.jsonServer,
  serve: async (config) => {
    const app = await startJsonServer(config);
    new Logger('json-server').log(`JSON server listening on ${await app.getUrl()} (GET /samples/:count)`);
  },
});
