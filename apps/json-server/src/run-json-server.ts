import { Logger } from '@nestjs/common';
import { RESOURCES_AT_HTTP } from '@app/resources';
import { runWithWorkers } from '@app/bootstrap';
import { JsonServerPlatform, jsonServerAddress, startJsonServer } from './start-json-server';

const NAMES: Record<JsonServerPlatform, { app: string; label: string }> = {
  express: { app: 'json-server', label: 'JSON server' },
  fastify: { app: 'json-fastify-server', label: 'JSON server (Fastify)' },
  'fastify-h2': { app: 'json-h2-server', label: 'JSON server (Fastify, HTTP/2 h2c)' },
};

/** One instance of the JSON server as a process: what each of its mains does, with its platform. */
export function runJsonServer(platform: JsonServerPlatform): void {
  const { app, label } = NAMES[platform];
  runWithWorkers({
    app,
    address: (config) => jsonServerAddress(config, platform),
    resourcesAt: RESOURCES_AT_HTTP,
    serve: async (config) => {
      const server = await startJsonServer(config, platform);
      new Logger(app).log(`${label} listening on ${await server.getUrl()} (GET /samples/:count)`);
    },
  });
}
