// The image's app table (scripts/docker/docker-apps.js) against the registries it must agree with: start:all's apps
// (scripts/apps.js) and the listeners libs/config reads, so a renamed app or setting fails here, not in a container.
import { loadConfig } from '@app/config';

// The scripts are plain CommonJS (they run in the image without a build step of their own), so their types are spelled
// here.
type DockerApp = { registry?: string; entry?: string; health: { kind: string; listener: string } | null };
const { DOCKER_APPS: table, entryOfDockerApp } = require('./docker-apps.js') as {
  DOCKER_APPS: Record<string, DockerApp>;
  entryOfDockerApp: (name: string) => string;
};
const { APPS, BARE_APPS } = require('../apps.js') as {
  APPS: Record<string, unknown>;
  BARE_APPS: Record<string, unknown>;
};

describe('the image app table', () => {
  it('starts every app start:all and start:bare start, under its registry name', () => {
    const registered = new Set([...Object.keys(APPS), ...Object.keys(BARE_APPS)]);
    const mapped = new Set(Object.values(table).flatMap((a) => (a.registry ? [a.registry] : [])));
    expect([...registered].filter((name) => !mapped.has(name))).toEqual([]);
    expect([...mapped].filter((name) => !registered.has(name))).toEqual([]);
  });

  it("names the issue's apps, the bench commands and the health check", () => {
    expect(Object.keys(table)).toEqual(
      expect.arrayContaining([
        'json-server',
        'json-fastify',
        'json-h2',
        'grpc-server',
        'bare-json-server',
        'bare-grpc-server',
        'bare-connect-server',
        'client',
        'bench',
        'load',
        'generator',
        'healthcheck',
      ]),
    );
  });

  it('probes every serving app at a listener libs/config has, and nothing for the commands that exit', () => {
    const config = loadConfig({}) as unknown as Record<string, { host?: string; port?: number }>;
    for (const [name, app] of Object.entries(table)) {
      if (!app.registry) {
        expect([name, app.health]).toEqual([name, null]);
        continue;
      }
      expect(['http', 'h2c', 'grpc', 'connect']).toContain(app.health?.kind);
      const listener = config[app.health!.listener];
      expect([name, typeof listener?.host, typeof listener?.port]).toEqual([name, 'string', 'number']);
    }
  });

  it('runs each app from its built entry point under dist/', () => {
    expect(entryOfDockerApp('json-fastify')).toMatch(
      /dist\/apps\/json-server\/apps\/json-server\/src\/main-fastify\.js$/,
    );
    expect(entryOfDockerApp('generator')).toMatch(
      /dist\/apps\/bench-cli\/apps\/bench-cli\/src\/swarm-generator-main\.js$/,
    );
    expect(entryOfDockerApp('healthcheck')).toMatch(/scripts\/docker\/healthcheck\.js$/);
  });
});
